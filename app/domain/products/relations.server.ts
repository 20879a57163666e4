/**
 * The product's link tables (`product_niches`, `product_subcategories`, `product_makers`): the
 * form's checked write of them, a claim's verified maker, the bulk remap and the taxonomy's
 * removal of a deleted niche or subcategory. The only module that writes them (decision 075).
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray, textArray } from "~/db/sql-arrays";
import { NICHE_REQUIRED, type Categories, type ProductFormErrors } from "~/domain/product-form/fields";

type Executor = Pick<Database, "execute">;

/** Refused input found while writing (an unknown niche...): thrown, so the transaction rolls back. */
export class ProductInputError extends Error {
  constructor(readonly errors: ProductFormErrors) {
    super(Object.values(errors).join("; "));
    this.name = "ProductInputError";
  }
}

const IdRow = z.object({ id: col.int });
const TextIdRow = z.object({ id: col.text });

/** The chosen niches that exist (and, for makers, are selectable or already the product's), in order. */
async function checkedNiches(tx: Executor, ids: number[], current: number[], scope: "any" | "selectable"): Promise<number[]> {
  if (!ids.length) throw new ProductInputError({ selectedCategories: NICHE_REQUIRED });
  const rows = await selectRows(
    tx,
    IdRow,
    scope === "any"
      ? sql`select id from niches where id = any(${intArray(ids)})`
      : sql`select n.id from niches n
             where n.id = any(${intArray(ids)})
               and (n.id = any(${intArray(current)})
                    or (n.status = 'published'
                        and exists (select 1 from product_niches pn join products p on p.id = pn.product_id
                                     where pn.niche_id = n.id and p.status = 'live' and p.type = 'product')))`,
  );
  const found = new Set(rows.map((row) => row.id));
  const kept = ids.filter((id) => found.has(id));
  if (!kept.length) throw new ProductInputError({ selectedCategories: NICHE_REQUIRED });
  return kept;
}

/** The chosen subcategories that belong to one of the niches (niche_subcategories) or are already the product's. */
async function checkedSubcategories(tx: Executor, ids: number[], nicheIds: number[], current: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await selectRows(
    tx,
    IdRow,
    sql`select s.id from subcategories s
         where s.id = any(${intArray(ids)})
           and (s.id = any(${intArray(current)})
                or exists (select 1 from niche_subcategories ns where ns.subcategory_id = s.id and ns.niche_id = any(${intArray(nicheIds)})))`,
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

async function checkedMakers(tx: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await selectRows(tx, TextIdRow, sql`select id from profiles where id = any(${textArray(ids)})`);
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/** Replaces the product's niches and subcategories (the first niche is their category_id), after checking them. */
export async function writeCategories(
  tx: Executor,
  id: number,
  categories: Categories,
  current: { niche_ids: number[]; subcategory_ids: number[] } | null,
  scope: "any" | "selectable",
) {
  const nicheIds = await checkedNiches(tx, categories.selectedCategories, current?.niche_ids ?? [], scope);
  const subcategoryIds = await checkedSubcategories(tx, categories.selectedSubcategories, nicheIds, current?.subcategory_ids ?? []);
  await tx.execute(sql`delete from product_niches where product_id = ${id} and niche_id <> all(${intArray(nicheIds)})`);
  await tx.execute(sql`insert into product_niches (product_id, niche_id) select ${id}, unnest(${intArray(nicheIds)}) on conflict do nothing`);
  await tx.execute(sql`delete from product_subcategories where product_id = ${id}`);
  if (subcategoryIds.length) {
    await tx.execute(
      sql`insert into product_subcategories (product_id, subcategory_id, category_id)
          select ${id}, unnest(${intArray(subcategoryIds)}), ${nicheIds[0]!}`,
    );
  }
}

/** The full set of verified makers (unknown profiles left out; pending claims left alone). */
export async function writeMakers(tx: Executor, id: number, wanted: string[]) {
  const makers = await checkedMakers(tx, wanted);
  await tx.execute(sql`delete from product_makers where product_id = ${id} and status = 'verified' and profile_id <> all(${textArray(makers)})`);
  if (makers.length) {
    await tx.execute(
      sql`insert into product_makers (product_id, profile_id, status) select ${id}, unnest(${textArray(makers)}), 'verified'
          on conflict (product_id, profile_id) do update set status = 'verified'`,
    );
  }
}

/** The user becomes a verified maker of the product (a verified claim). */
export async function addVerifiedMaker(tx: Executor, productId: number, profileId: string) {
  await tx.execute(
    sql`insert into product_makers (product_id, profile_id, status) values (${productId}, ${profileId}, 'verified')
        on conflict (product_id, profile_id) do update set status = 'verified'`,
  );
}

/** The submitter of a new draft becomes its first maker (status as the table's default). */
export async function addSubmitterMaker(tx: Executor, productId: number, profileId: string) {
  await tx.execute(sql`insert into product_makers (product_id, profile_id) values (${productId}, ${profileId}) on conflict do nothing`);
}

/** The bulk remap: the products' niches become `nicheId` alone and their subcategories `subcategoryIds` (category the niche). */
export async function remapProducts(tx: Executor, productIds: readonly number[], nicheId: number, subcategoryIds: readonly number[]) {
  const ids = intArray(productIds);
  await tx.execute(sql`delete from product_niches where product_id = any(${ids})`);
  await tx.execute(sql`delete from product_subcategories where product_id = any(${ids})`);
  await tx.execute(sql`insert into product_niches (product_id, niche_id) select id, ${nicheId} from unnest(${ids}) as id`);
  if (subcategoryIds.length) {
    await tx.execute(
      sql`insert into product_subcategories (product_id, subcategory_id, category_id)
          select p, s, ${nicheId} from unnest(${ids}) as p cross join unnest(${intArray(subcategoryIds)}) as s`,
    );
  }
  await tx.execute(sql`update products set updated_at = now() where id = any(${ids})`);
}

/** Deleted niches: products lose them, and subcategory links whose category they were keep no category. */
export async function unlinkNiches(tx: Executor, nicheIds: SQL) {
  await tx.execute(sql`delete from product_niches where niche_id = any(${nicheIds})`);
}

export async function clearCategories(tx: Executor, nicheIds: SQL) {
  await tx.execute(sql`update product_subcategories set category_id = null where category_id = any(${nicheIds})`);
}

/** Deleted subcategories: products lose them. */
export async function unlinkSubcategories(tx: Executor, subcategoryIds: SQL) {
  await tx.execute(sql`delete from product_subcategories where subcategory_id = any(${subcategoryIds})`);
}
