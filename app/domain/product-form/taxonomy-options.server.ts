/**
 * The niches and subcategories a product form offers. Makers choose among published niches that
 * have at least one live product (public spec, section 6); admins among all niches. Subcategories
 * are those linked to a niche (niche_subcategories); the picker shows the ones of the chosen niches.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import type { NicheOption, SubcategoryOption, TaxonomyOptions } from "./taxonomy";

export type { NicheOption, SubcategoryOption, TaxonomyOptions } from "./taxonomy";

type Reader = Pick<Database, "execute">;

/**
 * Niches by name: `admin` all of them, `maker` the published ones with a live product; `keepIds`
 * (a product's current niches) are always included.
 */
export async function nicheOptions(db: Reader, scope: "admin" | "maker", keepIds: number[] = []): Promise<NicheOption[]> {
  return selectRows(
    db,
    z.object({ id: col.int, name: col.text, status: col.text }),
    scope === "admin"
      ? sql`select id, name, status from niches order by lower(name), id`
      : sql`select n.id, n.name, n.status from niches n
             where n.id = any(${intArray(keepIds)})
                or (n.status = 'published'
                    and exists (select 1 from product_niches pn join products p on p.id = pn.product_id
                                 where pn.niche_id = n.id and p.status = 'live' and p.type = 'product'))
             order by lower(n.name), n.id`,
  );
}

/**
 * Subcategories linked to any of `nicheIds`, by name, each with the niches (of those) it belongs
 * to; makers see only published ones. `keepIds` (a product's current subcategories) are always
 * included, with no niche when they are linked to none of them.
 */
export async function subcategoryOptions(
  db: Reader,
  nicheIds: number[],
  scope: "admin" | "maker" = "admin",
  keepIds: number[] = [],
): Promise<SubcategoryOption[]> {
  if (!nicheIds.length && !keepIds.length) return [];
  const rows = await selectRows(
    db,
    z.object({ id: col.int, name: col.text, niche_ids: z.array(col.int).nullable() }),
    sql`select s.id, s.name,
               array(select ns.niche_id from niche_subcategories ns
                      where ns.subcategory_id = s.id and ns.niche_id = any(${intArray(nicheIds)}) order by ns.niche_id) as niche_ids
          from subcategories s
         where s.id = any(${intArray(keepIds)})
            or (exists (select 1 from niche_subcategories ns where ns.subcategory_id = s.id and ns.niche_id = any(${intArray(nicheIds)}))
                and ${scope === "admin" ? sql`true` : sql`s.status = 'published'`})
         order by lower(s.name), s.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, nicheIds: row.niche_ids ?? [] }));
}

/**
 * Everything a form's niche and subcategory picker needs in one go: the niches, and the
 * subcategories of all of them (the picker filters by the chosen niches without asking again).
 */
export async function taxonomyOptions(
  db: Reader,
  scope: "admin" | "maker",
  current: { nicheIds?: number[]; subcategoryIds?: number[] } = {},
): Promise<TaxonomyOptions> {
  const niches = await nicheOptions(db, scope, current.nicheIds ?? []);
  const subcategories = await subcategoryOptions(
    db,
    niches.map((niche) => niche.id),
    scope,
    current.subcategoryIds ?? [],
  );
  return { niches, subcategories };
}
