/**
 * One page of Feedback Reports rows: the columns the table shows, read for the ids a `shown` CTE
 * picks (newest first), parsed at `~/db/rows.server` and shaped for the page.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import type { FeedbackRow } from "../admin-feedback";

const joins = sql`product_feedback f join products p on p.id = f.product_id join "user" u on u.id = f.user_id
                  left join profiles pr on pr.id = f.user_id`;

const ListRow = z.object({
  id: col.int,
  parent_id: col.int.nullable(),
  product_id: col.int,
  product_name: col.text,
  slug: col.text,
  author: col.text.nullable(),
  rating: col.int,
  comment: col.text,
  created_at: col.date,
  hidden: col.bool,
  suspended: col.bool,
});

const listColumns = sql`f.id, f.parent_id, f.product_id, p.product_name, p.slug, coalesce(pr.username, u.name, u.email) as author,
                        f.rating, f.comment, f.created_at, f.hidden_at is not null as hidden, u.suspended_at is not null as suspended`;

function toRow(row: z.output<typeof ListRow>): FeedbackRow {
  const isReply = row.parent_id !== null;
  return {
    id: row.id,
    parentId: row.parent_id,
    productId: row.product_id,
    productName: row.product_name,
    productSlug: row.slug,
    user: row.author ?? "",
    rating: isReply ? null : row.rating,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
    hidden: row.hidden,
    authorSuspended: row.suspended,
  };
}

/** The rows of `shown` (a CTE of ids, defined in `ctes`), newest first. */
export async function readShownRows(db: Database, ctes: SQL): Promise<FeedbackRow[]> {
  const rows = await selectRows(
    db,
    ListRow,
    sql`with ${ctes}
        select ${listColumns} from shown s join (${joins}) on f.id = s.id order by f.created_at desc, f.id desc`,
  );
  return rows.map(toRow);
}
