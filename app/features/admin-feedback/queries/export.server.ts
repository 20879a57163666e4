/** The Feedback Reports CSV export, streamed in keyset batches (decision 046). */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { csvRow } from "~/lib/csv-output";
import { EXPORT_COLUMNS, type FeedbackFilters } from "../admin-feedback";
import { filterCondition } from "./filters.server";

export const EXPORT_BATCH_SIZE = 5000;

/**
 * `csvCell` (app/lib/csv-output.ts) in SQL, for a text column of the export's batch: '' for null or
 * empty; a leading apostrophe before = + - @ tab CR; RFC 4180 quotes when the cell holds a quote,
 * a comma, CR or LF. The integration tests compare its lines with `csvRow`'s for awkward values.
 */
function csvTextCell(column: string): SQL {
  const v = sql.raw(column);
  return sql`(case when ${v} is null or ${v} = '' then ''
                   when left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
                     then case when ${v} ~ '[",\r\n]' then '"''' || replace(${v}, '"', '""') || '"' else '''' || ${v} end
                   when ${v} ~ '[",\r\n]' then '"' || replace(${v}, '"', '""') || '"'
                   else ${v} end)`;
}

/**
 * The filtered feedback as CSV, newest first, read in keyset batches (`f.id < last`), with the names
 * each row keeps of its product and author (migration 0033, kept by triggers). The database
 * writes each batch's lines (cells escaped as `csvCell` does, the date in ISO 8601 UTC) and joins
 * them into one text, so Node handles one string per batch rather than an object per row. The next
 * batch is asked for while this one is sent, so the database and Node work at the same time;
 * memory stays at two batches whatever the number of rows.
 */
export function feedbackCsvStream(db: Database, filters: FeedbackFilters, batchSize = EXPORT_BATCH_SIZE, onBatch?: (rows: number) => void) {
  const where = filterCondition(filters);
  const encoder = new TextEncoder();
  const line = sql.join(
    [sql`b.id::text`, csvTextCell("b.product"), csvTextCell("b.author"), sql`b.rating`, csvTextCell("b.comment"), sql`b.created || chr(13) || chr(10)`],
    sql` || ',' || `,
  );
  const fetchBatch = async (after: number | null) => {
    const batch = await selectRow(
      db,
      z.object({ n: col.int, last: col.int.nullable(), chunk: col.text.nullable() }),
      sql`select count(*)::int as n, min(b.id)::int as last, string_agg(${line}, '' order by b.id desc) as chunk
          from (select f.id, f.product_name as product, f.author_name as author,
                       case when f.parent_id is null then f.rating::text else '' end as rating, f.comment,
                       to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
                  from product_feedback f where ${where} ${after === null ? sql`` : sql`and f.id < ${after}`}
                 order by f.id desc limit ${batchSize}) b`,
    );
    return { n: batch?.n ?? 0, last: batch?.last ?? null, chunk: batch?.chunk ?? "" };
  };
  type Batch = Awaited<ReturnType<typeof fetchBatch>>;
  let next: Promise<Batch> | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          next = fetchBatch(null);
          next.catch(() => {}); // reported by the next pull; never unhandled if the reader leaves
          controller.enqueue(encoder.encode("\uFEFF" + csvRow([...EXPORT_COLUMNS])));
          return;
        }
        if (!next) {
          controller.close();
          return;
        }
        const batch = await next;
        next = null;
        onBatch?.(batch.n);
        if (batch.n === batchSize && batch.last !== null) {
          next = fetchBatch(batch.last);
          next.catch(() => {});
        }
        if (batch.chunk) controller.enqueue(encoder.encode(batch.chunk));
        if (!next) controller.close();
      },
      cancel() {
        next = null;
      },
    },
    { highWaterMark: 0 },
  );
}
