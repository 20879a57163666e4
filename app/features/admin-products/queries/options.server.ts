/** The niche and subcategory choices of Manage Products' filters, and the products a bulk remap names. */
import { asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { niche_subcategories, niches, subcategories } from "~/db/schema";
import { intArray } from "~/db/sql-arrays";

export interface Option {
  id: number;
  name: string;
}

/** Niches by name, 'All Resources' first (spec: constants). */
export async function nicheOptions(db: Database): Promise<Option[]> {
  return db
    .select({ id: niches.id, name: niches.name })
    .from(niches)
    .orderBy(desc(sql`${niches.name} = 'All Resources'`), asc(sql`lower(${niches.name})`), asc(niches.id));
}

/** A niche's subcategories by name; every subcategory when no niche is given. */
export async function subcategoryOptions(db: Database, nicheId: number | null): Promise<Option[]> {
  const columns = { id: subcategories.id, name: subcategories.name };
  const byName = [asc(sql`lower(${subcategories.name})`), asc(subcategories.id)];
  if (nicheId === null) return db.select(columns).from(subcategories).orderBy(...byName);
  return db
    .select(columns)
    .from(subcategories)
    .innerJoin(niche_subcategories, eq(niche_subcategories.subcategory_id, subcategories.id))
    .where(eq(niche_subcategories.niche_id, nicheId))
    .orderBy(...byName);
}

const ChosenProductRow = z.object({ id: col.int, product_name: col.text, status: col.text, niches: col.text.nullable() });
export type ChosenProduct = z.output<typeof ChosenProductRow>;

/** The products a remap names (unknown ids, suggestions and deleted products left out), by name. */
export async function chosenProducts(db: Database, ids: readonly number[]): Promise<ChosenProduct[]> {
  return selectRows(
    db,
    ChosenProductRow,
    sql`select p.id, p.product_name, p.status,
               (select string_agg(n.name, ', ' order by n.name) from product_niches pn join niches n on n.id = pn.niche_id
                 where pn.product_id = p.id) as niches
          from products p where p.id = any(${intArray(ids)}) and p.type = 'product' and p.status <> 'deleted'
         order by lower(p.product_name), p.id`,
  );
}
