import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { publicProductFilter } from "~/domain/public-product.server";
import { REPORT_REASONS } from "~/lib/constants";
import type { ReportGroup, ReportProduct } from "./reports";

type Reader = Pick<Database, "execute">;

const SLUG_MAX = 200;
const ProductRow = z.object({ id: col.int, slug: col.text, product_name: col.text, logo_url: col.text.nullable() });

/** A live product members may report, by slug. */
export async function reportableProduct(db: Reader, slug: string): Promise<ReportProduct | undefined> {
  if (slug.length > SLUG_MAX) return undefined;
  return selectRow(db, ProductRow, sql`select p.id, p.slug, p.product_name, p.logo_url from products p where p.slug = ${slug} and ${publicProductFilter}`);
}

/** Whether the member has a report of this product that no admin has resolved yet. */
export async function hasOpenReport(db: Reader, productId: number, userId: string): Promise<boolean> {
  const row = await selectRow(
    db,
    z.object({ open: col.bool }),
    sql`select exists (select 1 from listing_reports where product_id = ${productId} and user_id = ${userId} and outcome is null) as open`,
  );
  return row?.open === true;
}

/** How many products have open reports: the count beside "Reports" in the admin navigation. */
export async function reportedProductCount(db: Reader): Promise<number> {
  const row = await selectRow(db, z.object({ n: col.int }), sql`select count(distinct product_id)::int as n from listing_reports where outcome is null`);
  return row?.n ?? 0;
}

/** Products per page of the admin queue. */
export const QUEUE_PAGE_SIZE = 20;

const GroupRow = z.object({ product_id: col.int, slug: col.text, product_name: col.text, logo_url: col.text.nullable(), status: col.text, total: col.int });
const ReportRow = z.object({
  id: col.int,
  product_id: col.int,
  reason: z.enum(REPORT_REASONS),
  note: col.text,
  reporter: col.text,
  created_at: col.date.transform((date) => date.toISOString()),
});

/**
 * One page of the admin queue: the products with open reports, most reported first (then the
 * oldest report first), each with its open reports, oldest first. `total` counts the products.
 */
export async function openReportGroups(db: Reader, page: number): Promise<{ groups: ReportGroup[]; total: number }> {
  const products = await selectRows(
    db,
    GroupRow,
    sql`select p.id as product_id, p.slug, p.product_name, p.logo_url, p.status, count(*) over ()::int as total
          from (select product_id, count(*) as n, min(created_at) as first from listing_reports where outcome is null group by product_id) r
          join products p on p.id = r.product_id
         order by r.n desc, r.first, p.id
         limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}`,
  );
  if (!products.length) return { groups: [], total: 0 };
  const reports = await selectRows(
    db,
    ReportRow,
    sql`select r.id, r.product_id, r.reason, r.note, coalesce(pr.username, u.name, 'A member') as reporter, r.created_at
          from listing_reports r
          join "user" u on u.id = r.user_id
          left join profiles pr on pr.id = r.user_id
         where r.outcome is null and r.product_id = any(${intArray(products.map((p) => p.product_id))})
         order by r.created_at, r.id`,
  );
  return {
    total: products[0]!.total,
    groups: products.map(({ product_id, slug, product_name, logo_url, status }) => ({
      product: { id: product_id, slug, product_name, logo_url, status },
      reports: reports.filter((r) => r.product_id === product_id).map(({ product_id: _, ...report }) => report),
    })),
  };
}
