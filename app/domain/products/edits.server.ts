/**
 * The other writes of a product row, each for one caller, so that this folder stays the only
 * writer of products (decision 075): a maker's draft and its basics, a maker's deletion, a
 * suggestion and its conversion, a revision's approved fields, the copied logo, the paid
 * placement, and deleting products from the admin's lists. Status changes are `moveProducts`.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { intArray, textArray } from "~/db/sql-arrays";
import { addSubmitterMaker } from "./relations.server";
import { withFreeSlug, type Tx } from "./slug.server";

type Executor = Tx | Pick<Tx, "execute">;

const IdRow = z.object({ id: col.int });
const SlugRow = z.object({ slug: col.text });

/** A maker's new draft from Basic Information; the submitter is also its first maker. */
export async function insertDraft(
  tx: Tx,
  row: { product_name: string; website_url: string | null; logo_url: string | null; pricing: string },
  submitter: { id: string; name: string | null; email: string },
): Promise<number> {
  const id = await withFreeSlug(tx, row.product_name, null, async (slug, sp) => {
    const created = await selectRow(
      sp,
      IdRow,
      sql`insert into products (product_name, website_url, logo_url, pricing, slug, status, type, submitter_id, submitter_name, submitter_email)
          values (${row.product_name}, ${row.website_url}, ${row.logo_url}, ${row.pricing}, ${slug}, 'draft', 'product',
                  ${submitter.id}, ${submitter.name}, ${submitter.email})
          returning id`,
    );
    return created!.id;
  });
  await addSubmitterMaker(tx, id, submitter.id);
  return id;
}

/** Edit Product on a product nobody links to yet (not live): a new name gets a new slug; text fields only when sent. */
export async function updateBasics(
  tx: Tx,
  id: number,
  current: { product_name: string },
  wanted: {
    product_name: string;
    website_url: string | null;
    logo_url: string | null;
    pricing: string;
    headline?: string | null;
    tagline?: string | null;
    description?: string | null;
  },
) {
  const kept = (column: "headline" | "tagline" | "description") =>
    column in wanted ? sql`${wanted[column] ?? null}` : sql.identifier(column);
  const write = (slug: ReturnType<typeof sql>, db: Pick<Tx, "execute">) =>
    db.execute(
      sql`update products
             set product_name = ${wanted.product_name}, website_url = ${wanted.website_url}, logo_url = ${wanted.logo_url},
                 pricing = ${wanted.pricing}, slug = ${slug},
                 headline = ${kept("headline")}, tagline = ${kept("tagline")}, description = ${kept("description")},
                 updated_at = now()
           where id = ${id}`,
    );
  if (wanted.product_name === current.product_name) await write(sql`slug`, tx);
  else await withFreeSlug(tx, wanted.product_name, id, (slug, sp) => write(sql`${slug}`, sp));
}

/** Deletes the submitter's product or suggestion (relations cascade); what it was, or undefined. */
export async function deleteSubmitted(db: Executor, id: number, submitterId: string) {
  return selectRow(
    db,
    z.object({ slug: col.text, status: col.text, type: col.text }),
    sql`delete from products where id = ${id} and submitter_id = ${submitterId} and status <> 'deleted' returning slug, status, type`,
  );
}

/** Deletes products by id (relations cascade): the admin's lists and queues, which lock and audit them. */
export async function deleteProducts(tx: Executor, ids: readonly number[]) {
  await tx.execute(sql`delete from products where id = any(${intArray(ids)})`);
}

/** A member's suggestion: a pending row of type suggestion. Its id. */
export async function insertSuggestion(
  tx: Executor,
  row: { text: string; headline: string; slug: string; submitter: { id: string; email: string; name: string | null } },
): Promise<number> {
  const created = await selectRow(
    tx,
    IdRow,
    sql`insert into products (product_name, description, headline, tagline, slug, status, type, submitter_id, submitter_email, submitter_name)
        values ('Resource Suggestion', ${row.text}, ${row.headline}, 'User Suggestion', ${row.slug},
                'pending', 'suggestion', ${row.submitter.id}, ${row.submitter.email}, ${row.submitter.name})
        returning id`,
  );
  return created!.id;
}

/** A suggestion becomes a product (its status is moved by `moveProducts`): name, slug, website; no tagline or headline. */
export async function suggestionToProduct(tx: Executor, id: number, product: { name: string; slug: string; websiteUrl: string | null }) {
  await tx.execute(
    sql`update products set type = 'product', product_name = ${product.name}, slug = ${product.slug},
                            website_url = ${product.websiteUrl}, tagline = null, headline = null, updated_at = now()
         where id = ${id}`,
  );
}

/** Writes approved column values (checked by the caller); tags as text[], `*_date` as timestamps. */
export async function writeFields(tx: Executor, id: number, values: Record<string, unknown>) {
  const assign = Object.entries(values).map(([field, value]) => {
    if (field === "tags") return sql`tags = ${textArray(value as string[])}`;
    if (field === "has_coupon") return sql`has_coupon = ${value === true}`;
    if (field.endsWith("_date")) return sql`${sql.identifier(field)} = ${value as string | null}::timestamptz`;
    return sql`${sql.identifier(field)} = ${value as string | null}`;
  });
  if (!assign.length) return;
  await tx.execute(sql`update products set ${sql.join(assign, sql`, `)}, updated_at = now() where id = ${id}`);
}

/** The copied logo, only if the product still names `sourceUrl` (an edit meanwhile wins). The slug when written. */
export async function replaceLogo(db: Executor, id: number, url: string, sourceUrl: string): Promise<string | undefined> {
  const row = await selectRow(db, SlugRow, sql`update products set logo_url = ${url} where id = ${id} and logo_url = ${sourceUrl} returning slug`);
  return row?.slug;
}

/** The paid placement: advertised from `run.start` to `run.end`, or (null) not advertised, ending by `now`. The slug. */
export async function writePlacement(tx: Executor, id: number, run: { start: Date; end: Date } | null, now: Date): Promise<string | null> {
  const row = await selectRow(
    tx,
    SlugRow,
    run
      ? sql`update products set is_advertised = true, ad_start_date = ${run.start.toISOString()}::timestamptz,
                   ad_end_date = ${run.end.toISOString()}::timestamptz, updated_at = now()
             where id = ${id} returning slug`
      : sql`update products set is_advertised = false,
                   ad_end_date = least(coalesce(ad_end_date, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz), updated_at = now()
             where id = ${id} returning slug`,
  );
  return row?.slug ?? null;
}
