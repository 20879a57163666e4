/** Feedback Reports (decision 046): the page's read; a search goes to search.server.ts. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { FEEDBACK_PAGE_SIZE, type FeedbackFilters, type FeedbackReportsPage } from "../admin-feedback";
import { filterCondition } from "./filters.server";
import { readShownRows } from "./rows.server";
import { readSearch } from "./search.server";
import { feedbackStats } from "./stats.server";

/** Counting stops here: past it the page says "10,000+" (an exact count of 1M rows costs more than the page). */
export const COUNT_CAP = 10_000;

export async function readFeedbackReports(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
  if (query.filters.q) return readSearch(db, query);
  const where = filterCondition(query.filters);
  // The count reads product_feedback alone: every filter is on its own columns.
  const [stats, count] = await Promise.all([
    feedbackStats(db),
    selectRow(db, z.object({ n: col.int }), sql`select count(*)::int as n from (select 1 from product_feedback f where ${where} limit ${COUNT_CAP + 1}) c`),
  ]);
  const counted = count?.n ?? 0;
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = total
    ? await readShownRows(
        db,
        // The page's ids first (the offset skips index entries, not joined rows), then its 10 rows.
        sql`shown as (select f.id from product_feedback f where ${where}
                      order by f.created_at desc, f.id desc limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE})`,
      )
    : [];
  return { stats, rows, total, capped, estimated: false, page, pageCount, filters: query.filters };
}
