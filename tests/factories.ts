import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "./support/raw-rows";
import { textArray } from "../app/db/sql-arrays";

let counter = 0;

/** A product row with sensible defaults; live unless told otherwise. */
export async function createProduct(
  db: Database,
  overrides: Partial<{
    product_name: string;
    slug: string;
    status: string;
    type: string;
    tags: string[];
    created_at: Date;
    nicheSlug: string;
    subcategorySlug: string;
    description: string;
    website_url: string;
    tagline: string;
  }> = {},
) {
  counter += 1;
  const name = overrides.product_name ?? `Factory Product ${counter} ${Date.now().toString(36)}`;
  const slug = overrides.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [row] = await queryRows<{ id: number; slug: string }>(
    db,
    sql`insert into products (product_name, slug, status, type, tags, created_at, description, website_url, tagline)
        values (${name}, ${slug}, ${overrides.status ?? "live"}, ${overrides.type ?? "product"},
                ${textArray(overrides.tags ?? [])}, ${(overrides.created_at ?? new Date()).toISOString()}::timestamptz,
                ${overrides.description ?? "A product made by the test factory for checking behaviour."},
                ${overrides.website_url ?? `https://${slug}.example.com`}, ${overrides.tagline ?? "Made by a factory"})
        returning id, slug`,
  );
  if (overrides.nicheSlug) {
    await db.execute(sql`insert into product_niches (product_id, niche_id) select ${row!.id}, id from niches where slug = ${overrides.nicheSlug}`);
  }
  if (overrides.subcategorySlug) {
    await db.execute(
      sql`insert into product_subcategories (product_id, subcategory_id) select ${row!.id}, id from subcategories where slug = ${overrides.subcategorySlug}`,
    );
  }
  return row!;
}

export async function createUser(db: Database, id = `user-${++counter}-${Date.now().toString(36)}`) {
  await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.com`})`);
  await db.execute(sql`insert into profiles (id, username, email) values (${id}, ${id.replace(/[^a-z0-9]/gi, "").slice(0, 40)}, ${`${id}@example.com`})`);
  return id;
}
