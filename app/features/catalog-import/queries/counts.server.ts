/** The SQL of an import's counts (catalog-import.ts): one definition for the upload, the mapping, the import and its progress. */
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import type { ImportMapping } from "~/db/schema";
import type { ImportCounts } from "../catalog-import";

const clean = sql`(not excluded and jsonb_array_length(messages) = 0 and duplicate_of_row is null and duplicate_product_id is null)`;

/** A row has a niche: its own mapping, its group's, all rows', or the file's niche cell. */
function hasNiche(mapping: ImportMapping): SQL {
  const groups = Object.keys(mapping.groups ?? {});
  const byGroup = groups.length
    ? sql`group_key in (${sql.join(
        groups.map((g) => sql`${g}`),
        sql`, `,
      )})`
    : sql`false`;
  return mapping.all
    ? sql`true`
    : sql`(mapping is not null or ${byGroup} or btrim(coalesce(cells->>'niche', '')) <> '')`;
}

export type RowClass = keyof Omit<ImportCounts, "total">;

/** The condition for each class of staged rows (they do not overlap). */
export function rowClass(cls: RowClass, mapping: ImportMapping): SQL {
  switch (cls) {
    case "excluded":
      return sql`excluded`;
    case "problems":
      return sql`(not excluded and jsonb_array_length(messages) > 0)`;
    case "duplicates":
      return sql`(not excluded and jsonb_array_length(messages) = 0 and (duplicate_of_row is not null or duplicate_product_id is not null))`;
    case "noNiche":
      return sql`(${clean} and not ${hasNiche(mapping)})`;
    case "ready":
      return sql`(${clean} and ${hasNiche(mapping)})`;
  }
}

const CountsRow = z.object({ total: col.int, ready: col.int, noNiche: col.int, duplicates: col.int, problems: col.int, excluded: col.int });
const OutcomesRow = z.object({ imported: col.int, duplicates: col.int, problems: col.int, excluded: col.int, notProcessed: col.int });

/** A counts row of zeroes: what an aggregate over no rows means (selectRow answers no row with undefined). */
function zeroes<T extends Record<string, z.ZodType<number>>>(schema: z.ZodObject<T>): z.output<z.ZodObject<T>> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, 0])) as z.output<z.ZodObject<T>>;
}

/** The staged rows' counts, in one scan. */
export async function countImportRows(
  db: Pick<Database, "execute">,
  importId: number,
  mapping: ImportMapping,
): Promise<ImportCounts> {
  const row = await selectRow(
    db,
    CountsRow,
    sql`select count(*)::int as total,
               count(*) filter (where ${rowClass("ready", mapping)})::int as ready,
               count(*) filter (where ${rowClass("noNiche", mapping)})::int as "noNiche",
               count(*) filter (where ${rowClass("duplicates", mapping)})::int as duplicates,
               count(*) filter (where ${rowClass("problems", mapping)})::int as problems,
               count(*) filter (where ${rowClass("excluded", mapping)})::int as excluded
        from catalog_import_rows where import_id = ${importId}`,
  );
  return row ?? zeroes(CountsRow);
}

/**
 * After the import: the same classes from each row's outcome (the job may find more duplicates,
 * or refuse a row, as it writes). Rows not reached (a cancelled import) are counted apart.
 */
export async function countOutcomes(
  db: Database,
  importId: number,
): Promise<z.output<typeof OutcomesRow>> {
  const row = await selectRow(
    db,
    OutcomesRow,
    sql`select count(*) filter (where outcome = 'imported')::int as imported,
               count(*) filter (where outcome = 'duplicate')::int as duplicates,
               count(*) filter (where outcome in ('invalid', 'failed'))::int as problems,
               count(*) filter (where outcome = 'excluded')::int as excluded,
               count(*) filter (where outcome is null)::int as "notProcessed"
        from catalog_import_rows where import_id = ${importId}`,
  );
  return row ?? zeroes(OutcomesRow);
}
