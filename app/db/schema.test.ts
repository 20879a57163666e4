import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { col, selectRow, selectRows } from "~/db/rows.server";

async function one<S extends z.ZodType>(schema: S, query: ReturnType<typeof sql>): Promise<z.output<S>> {
  const row = await selectRow(getDb(), schema, query);
  if (row === undefined) throw new Error("no row");
  return row;
}

async function makeUser(id: string) {
  await getDb().execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.com`})`);
}

describe("database constraints", () => {
  it("rejects a rating outside 1 to 5 and a blank comment", async () => {
    await makeUser("rater");
    const product = await one(z.object({ id: col.int }), sql`select id from products limit 1`);
    await expect(
      getDb().execute(sql`insert into product_feedback (product_id, user_id, comment, rating) values (${product.id}, 'rater', 'ok', 6)`),
    ).rejects.toThrow();
    await expect(
      getDb().execute(sql`insert into product_feedback (product_id, user_id, comment, rating) values (${product.id}, 'rater', '   ', 4)`),
    ).rejects.toThrow();
  });

  it("rejects unknown statuses and pricing values and duplicate slugs", async () => {
    await expect(getDb().execute(sql`insert into products (product_name, slug, status) values ('Xyz', 'xyz-1', 'featured')`)).rejects.toThrow();
    await expect(getDb().execute(sql`insert into products (product_name, slug, pricing) values ('Xyz', 'xyz-2', 'cheap')`)).rejects.toThrow();
    await expect(getDb().execute(sql`insert into products (product_name, slug) values ('Xyz', 'cp-community')`)).rejects.toThrow();
  });

  it("allows one upvote per user and product and keeps the count exact", async () => {
    await makeUser("voter");
    const product = await one(z.object({ id: col.int }), sql`select id from products where slug = 'devcord'`);
    await getDb().execute(sql`insert into product_upvotes (product_id, user_id) values (${product.id}, 'voter')`);
    await expect(getDb().execute(sql`insert into product_upvotes (product_id, user_id) values (${product.id}, 'voter')`)).rejects.toThrow();
    expect((await one(z.object({ upvotes: col.int }), sql`select upvotes from product_stats where product_id = ${product.id}`)).upvotes).toBe(1);
    await getDb().execute(sql`delete from product_upvotes where product_id = ${product.id} and user_id = 'voter'`);
    expect((await one(z.object({ upvotes: col.int }), sql`select upvotes from product_stats where product_id = ${product.id}`)).upvotes).toBe(0);
  });

  it("derives the website domain and a weighted search vector", async () => {
    const row = await one(
      z.object({ website_domain: col.text, hit: col.bool }),
      sql`select website_domain, search_vector @@ websearch_to_tsquery('english', 'competitive programming') as hit from products where slug = 'cp-community'`,
    );
    expect(row).toEqual({ website_domain: "discord.com", hit: true });
  });

  it("finds a misspelt name through the trigram index's operator", async () => {
    const row = await one(
      z.object({ product_name: col.text }),
      sql`select product_name from products where lower(product_name) % 'devcrod' order by similarity(lower(product_name), 'devcrod') desc limit 1`,
    );
    expect(row.product_name).toBe("Devcord");
  });

  it("gives the search indexes a pending list on a PostgreSQL server, and none on the embedded database", async () => {
    const rows = await selectRows(
      getDb(),
      z.object({ relname: col.text, reloptions: col.texts.nullable() }),
      sql`select relname, reloptions from pg_class where relname in ('products_search_idx', 'products_name_keys_idx') order by relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(["products_name_keys_idx", "products_search_idx"]);
    const expected = process.env.DATABASE_URL ? "fastupdate=on" : "fastupdate=off";
    for (const row of rows) expect(row.reloptions ?? [], row.relname).toContain(expected);
  });
});

describe("durability", () => {
  it("has no database function that commits without waiting for its WAL", async () => {
    // `synchronous_commit = off` acknowledges a commit before it is on disk. The embedded database
    // (one backend, no WAL writer) then flushed it only at the next ordinary commit, and upvotes
    // acknowledged before a crash were lost (issue 34). No function may switch it off, by its body
    // (set_config) or by its own settings (CREATE FUNCTION ... SET).
    const rows = await selectRows(
      getDb(),
      z.object({ name: col.text }),
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'
             and (p.prosrc ilike '%synchronous_commit%' or array_to_string(p.proconfig, ',') ilike '%synchronous_commit%')`,
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });
});
