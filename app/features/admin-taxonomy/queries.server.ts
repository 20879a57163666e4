/** The Manage Niches and Manage Parent Subcategories pages' reads (decision 045). */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import type { ChildOption, NicheRow, Option, ParentSubcategoryRow } from "./admin-taxonomy";
import { TaxonRowSchema } from "./taxon-rules.server";

const OptionRow = z.object({ id: col.int, name: col.text });

/** Product counts come from taxonomy_product_counts, kept by triggers on the link tables. */
export function listNiches(db: Database): Promise<NicheRow[]> {
  return selectRows(
    db,
    TaxonRowSchema.extend({ subcategory_ids: z.array(col.int) }),
    sql`select n.id, n.name, n.slug, n.status,
               coalesce((select c.n from taxonomy_product_counts c where c.kind = 'niche' and c.ref_id = n.id), 0) as product_count,
               coalesce((select array_agg(ns.subcategory_id order by ns.subcategory_id) from niche_subcategories ns where ns.niche_id = n.id), '{}') as subcategory_ids
          from niches n
         order by (n.name = 'All Resources') desc, lower(n.name), n.id`,
  );
}

export function listParentSubcategories(db: Database): Promise<ParentSubcategoryRow[]> {
  return selectRows(
    db,
    TaxonRowSchema.extend({ child_count: col.int, child_ids: z.array(col.int) }),
    sql`select s.id, s.name, s.slug, s.status,
               coalesce((select c.n from taxonomy_product_counts c where c.kind = 'subcategory' and c.ref_id = s.id), 0) as product_count,
               (select count(*)::int from subcategories c where c.parent_id = s.id) as child_count,
               coalesce((select array_agg(c.id order by c.id) from subcategories c where c.parent_id = s.id), '{}') as child_ids
          from subcategories s
         where s.is_parent
         order by lower(s.name), s.id`,
  );
}

/** Every subcategory, for the niche's subcategory checklist. */
export function subcategoryOptions(db: Database): Promise<Option[]> {
  return selectRows(db, OptionRow, sql`select id, name from subcategories order by lower(name), id`);
}

/**
 * The subcategories that can be children of a parent: every subcategory that is not itself a
 * parent (one level: a parent's page shows its own products and its children's), with the parent
 * each one has now, if any.
 */
export function childOptions(db: Database): Promise<ChildOption[]> {
  return selectRows(
    db,
    z.object({ id: col.int, name: col.text, parent_id: col.int.nullable(), parent_name: col.text.nullable() }),
    sql`select c.id, c.name, c.parent_id, p.name as parent_name
          from subcategories c left join subcategories p on p.id = c.parent_id
         where not c.is_parent
         order by lower(c.name), c.id`,
  );
}
