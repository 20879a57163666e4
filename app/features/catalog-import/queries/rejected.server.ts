/** The rejected rows file's read: the rows an import did not write, each with its reason. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";

/**
 * Rows not imported, each with its reason: duplicates, with problems (invalid, refused) and
 * excluded, as the mapping page promises. Rows a cancelled import never reached that would have
 * been skipped are listed too.
 */
const rejectedCondition = sql`(outcome in ('invalid', 'failed', 'duplicate', 'excluded') or (outcome is null and (excluded or jsonb_array_length(messages) > 0 or duplicate_of_row is not null or duplicate_product_id is not null)))`;

const RejectedRow = z.object({
  row: col.int,
  cells: z.record(z.string(), z.string()),
  outcome_message: col.text.nullable(),
  messages: col.texts,
  duplicate_of_row: col.int.nullable(),
  excluded: col.bool,
});

export function reasonOf(r: z.output<typeof RejectedRow>): string {
  if (r.outcome_message !== null) return r.outcome_message;
  if (r.excluded) return "Excluded before the import";
  if (r.messages.length) return r.messages.join("; ");
  return r.duplicate_of_row !== null ? `Repeats row ${r.duplicate_of_row} of the file` : "Already in the catalogue";
}

/** The next rejected rows after `afterRow`, in file order. */
export function readRejectedRows(db: Database, importId: number, afterRow: number, limit = 1000) {
  return selectRows(
    db,
    RejectedRow,
    sql`select row, cells, outcome_message, messages, duplicate_of_row, excluded from catalog_import_rows
        where import_id = ${importId} and row > ${afterRow} and ${rejectedCondition} order by row limit ${limit}`,
  );
}
