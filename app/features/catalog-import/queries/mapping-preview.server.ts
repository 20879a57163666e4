/** What the mapping page reads: the choices it offers, the file's groups, and a page of the preview. */
import { asc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { type ImportMapping, type ImportPlacement, niches } from "~/db/schema";
import { PREVIEW_PAGE_SIZE } from "../csv-format";
import type { ImportGroup, Option, PlacementChoice, PreviewFilter, PreviewRow, SubcategoryChoice } from "../catalog-import";
import { rowClass } from "./counts.server";

export const choice = (p: ImportPlacement | null | undefined): PlacementChoice => ({ nicheId: p?.nicheId ?? null, subcategoryId: p?.subcategoryId ?? null });

const SubcategoryRow = z.object({ id: col.int, name: col.text, nicheIds: z.array(col.int) });

/**
 * The niches, and the subcategories an import may place rows in: published parent subcategories,
 * each with the niches it is under (niche_subcategories); the page offers those of the chosen niche.
 */
export async function placementOptions(db: Database): Promise<{ niches: Option[]; subcategories: SubcategoryChoice[] }> {
  const [nicheList, subList] = await Promise.all([
    db.select({ id: niches.id, name: niches.name }).from(niches).orderBy(asc(niches.name)),
    selectRows(
      db,
      SubcategoryRow,
      sql`select s.id, s.name, array_agg(ns.niche_id order by ns.niche_id) as "nicheIds"
            from subcategories s join niche_subcategories ns on ns.subcategory_id = s.id
           where s.is_parent and s.status = 'published'
           group by s.id, s.name order by s.name, s.id`,
    ),
  ]);
  return { niches: nicheList, subcategories: subList };
}

const PlacementCheck = z.object({ niche: col.bool, subcategory: col.bool, offered: col.bool });

/** A niche and subcategory chosen in a form, checked as the page offers them; a message when refused. */
export async function checkPlacement(db: Database, niche: number | null, subcategory: number | null): Promise<ImportPlacement | null | string> {
  if (niche === null) return subcategory === null ? null : "Choose a niche for the subcategory";
  const found = await selectRow(
    db,
    PlacementCheck,
    sql`select exists (select 1 from niches where id = ${niche}) as niche,
               exists (select 1 from subcategories where id = ${subcategory}) as subcategory,
               exists (select 1 from subcategories s join niche_subcategories ns on ns.subcategory_id = s.id
                        where s.id = ${subcategory} and ns.niche_id = ${niche} and s.is_parent and s.status = 'published') as offered`,
  );
  if (!found?.niche) return "That niche no longer exists";
  if (subcategory === null) return { nicheId: niche, subcategoryId: null };
  if (!found.subcategory) return "That subcategory no longer exists";
  if (!found.offered) return "That subcategory is not under the chosen niche: choose one of the niche's subcategories";
  return { nicheId: niche, subcategoryId: subcategory };
}

const GROUP_LIMIT = 100;
const GroupRow = z.object({ key: col.text, niche: col.text.nullable(), subcategory: col.text.nullable(), rows: col.int });

/** The file's groups (its niche and subcategory values), largest first, up to GROUP_LIMIT. */
export async function readGroups(db: Database, importId: number, mapping: ImportMapping): Promise<{ groups: ImportGroup[]; notShown: number }> {
  const groupRows = await selectRows(
    db,
    GroupRow,
    sql`select group_key as key, min(cells->>'niche') as niche, min(cells->>'subcategory') as subcategory, count(*) as rows
        from catalog_import_rows where import_id = ${importId} and group_key <> ''
        group by group_key order by count(*) desc, group_key limit ${GROUP_LIMIT + 1}`,
  );
  const groups = groupRows.slice(0, GROUP_LIMIT).map((g) => ({
    key: g.key,
    niche: (g.niche ?? "").trim(),
    subcategory: (g.subcategory ?? "").trim(),
    rows: g.rows,
    choice: choice(mapping.groups?.[g.key]),
  }));
  return { groups, notShown: Math.max(0, groupRows.length - GROUP_LIMIT) };
}

export function filterCondition(filter: PreviewFilter, mapping: ImportMapping): SQL {
  return filter === "all" ? sql`true` : rowClass(filter === "no-niche" ? "noNiche" : filter, mapping);
}

const PreviewRecord = z.object({
  row: col.int,
  product_name: col.text,
  website_url: col.text,
  group_key: col.text,
  niche: col.text.nullable(),
  subcategory: col.text.nullable(),
  messages: col.texts,
  duplicate_of_row: col.int.nullable(),
  duplicate_product_id: col.int.nullable(),
  duplicate_name: col.text.nullable(),
  excluded: col.bool,
  mapping: z.object({ nicheId: col.int, subcategoryId: col.int.nullable().optional() }).nullable(),
});

/** One page of the preview: each row with where it goes and what is wrong with it. */
export async function readPreviewPage(
  db: Database,
  importId: number,
  mapping: ImportMapping,
  filter: PreviewFilter,
  page: number,
  label: (p: ImportPlacement) => string,
): Promise<PreviewRow[]> {
  const pageRows = await selectRows(
    db,
    PreviewRecord,
    sql`select r.row, r.product_name, r.website_url, r.group_key, r.cells->>'niche' as niche, r.cells->>'subcategory' as subcategory,
               r.messages, r.duplicate_of_row, r.duplicate_product_id, p.product_name as duplicate_name, r.excluded, r.mapping
        from catalog_import_rows r left join products p on p.id = r.duplicate_product_id
        where r.import_id = ${importId} and ${filterCondition(filter, mapping)}
        order by r.row limit ${PREVIEW_PAGE_SIZE} offset ${(page - 1) * PREVIEW_PAGE_SIZE}`,
  );
  return pageRows.map((r) => {
    const chosen = r.mapping ?? (r.group_key ? mapping.groups?.[r.group_key] : undefined) ?? mapping.all ?? null;
    const fileNiche = (r.niche ?? "").trim();
    const fileSub = (r.subcategory ?? "").trim();
    const placement = chosen ? label(chosen) : fileNiche ? `${fileNiche}${fileSub ? ` / ${fileSub}` : ""} (from the file)` : "No niche";
    const problems = [...r.messages];
    if (r.duplicate_of_row !== null) problems.push(`Duplicate of row ${r.duplicate_of_row} in this file`);
    if (r.duplicate_product_id !== null) problems.push(`Already in the catalogue${r.duplicate_name ? `: ${r.duplicate_name}` : ""}`);
    return {
      needsNiche: !chosen && !fileNiche,
      row: r.row,
      productName: r.product_name,
      websiteUrl: r.website_url,
      placement,
      choice: r.mapping ? choice(r.mapping) : null,
      problems,
      excluded: r.excluded,
    };
  });
}
