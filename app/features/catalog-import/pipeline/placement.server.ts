/**
 * Where the import job puts each row: the niche and subcategory its mapping chose (row, then group,
 * then all rows), or the file's own columns. The job places products by name, so the chosen ids are
 * read once as names; a choice that no longer exists, or a subcategory that is not under its niche,
 * refuses the row with a message.
 */
import { and, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { niche_subcategories, niches, subcategories, type ImportMapping, type ImportPlacement } from "~/db/schema";
import type { PreparedRow } from "../csv-row.server";

export type Placements = PreparedRow["product"]["placements"];

/** What placing a row needs of it. */
export interface PlacedRow {
  cells: Record<string, string>;
  mapping: ImportPlacement | null;
  group_key: string;
}

/** A row's placements, or why it cannot be placed. */
export type Placer = (row: PlacedRow) => Placements | string;

export const NOT_UNDER_NICHE = "The subcategory chosen for this row is not under its niche";

const Placement = z.object({ nicheId: col.int, subcategoryId: col.int.nullable().optional() });
const MappingRow = z.object({ mapping: Placement });

/** The placer of an import: its mapping's names read once. */
export async function loadPlacer(db: Database, importId: number, mapping: ImportMapping): Promise<Placer> {
  const chosen = [mapping.all, ...Object.values(mapping.groups ?? {})].filter((p): p is ImportPlacement => !!p);
  const rowMappings = await selectRows(
    db,
    MappingRow,
    sql`select distinct mapping from catalog_import_rows where import_id = ${importId} and mapping is not null`,
  );
  chosen.push(...rowMappings.map((r) => r.mapping));
  const nicheIds = [...new Set(chosen.map((p) => p.nicheId))];
  const subIds = [...new Set(chosen.flatMap((p) => (p.subcategoryId ? [p.subcategoryId] : [])))];
  const nicheNames = new Map<number, string>();
  const subNames = new Map<number, string>();
  const links = new Set<string>();
  if (nicheIds.length) {
    for (const n of await db.select({ id: niches.id, name: niches.name }).from(niches).where(inArray(niches.id, nicheIds))) nicheNames.set(n.id, n.name);
  }
  if (subIds.length) {
    for (const s of await db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories).where(inArray(subcategories.id, subIds))) {
      subNames.set(s.id, s.name);
    }
    const linked = await db
      .select({ niche: niche_subcategories.niche_id, sub: niche_subcategories.subcategory_id })
      .from(niche_subcategories)
      .where(and(inArray(niche_subcategories.subcategory_id, subIds)));
    for (const link of linked) links.add(`${link.niche}:${link.sub}`);
  }

  return (row) => {
    const choice = row.mapping ?? (row.group_key ? mapping.groups?.[row.group_key] : undefined) ?? mapping.all ?? null;
    if (!choice) {
      const niche = row.cells.niche?.trim().replace(/\s+/g, " ");
      const subcategory = row.cells.subcategory?.trim().replace(/\s+/g, " ");
      return niche ? [{ niche, subcategory: subcategory || undefined }] : [];
    }
    const niche = nicheNames.get(choice.nicheId);
    if (!niche) return "The niche chosen for this row no longer exists";
    if (!choice.subcategoryId) return [{ niche, subcategory: undefined }];
    const subcategory = subNames.get(choice.subcategoryId);
    if (!subcategory) return "The subcategory chosen for this row no longer exists";
    if (!links.has(`${choice.nicheId}:${choice.subcategoryId}`)) return NOT_UNDER_NICHE;
    return [{ niche, subcategory }];
  };
}

const Candidate = z.object({
  mapping: Placement.nullable(),
  group_key: col.text,
  niche: col.text.nullable(),
  subcategory: col.text.nullable(),
});

/**
 * The niches and subcategories (by name) an import will place its remaining rows in: those the
 * mapping chose, and the file's own columns for rows the mapping leaves to them. Rows that will be
 * skipped (excluded, invalid, repeated, already in the catalogue) are left out, so that creating
 * these up front creates nothing the import itself would not.
 */
export async function placementsNeeded(db: Database, importId: number, place: Placer): Promise<Placements> {
  const candidates = await selectRows(
    db,
    Candidate,
    sql`select distinct mapping, group_key, cells->>'niche' as niche, cells->>'subcategory' as subcategory
        from catalog_import_rows
        where import_id = ${importId} and outcome is null and not excluded and duplicate_of_row is null
          and duplicate_product_id is null and messages = '[]'::jsonb`,
  );
  const seen = new Set<string>();
  const needed: Placements = [];
  for (const candidate of candidates) {
    const cells: Record<string, string> = {};
    if (candidate.niche !== null) cells.niche = candidate.niche;
    if (candidate.subcategory !== null) cells.subcategory = candidate.subcategory;
    const placements = place({ cells, mapping: candidate.mapping, group_key: candidate.group_key });
    if (typeof placements === "string") continue;
    for (const placement of placements) {
      const key = `${placement.niche}\u0000${placement.subcategory ?? ""}`;
      if (!seen.has(key)) needed.push(placement);
      seen.add(key);
    }
  }
  return needed;
}
