import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { parseForm } from "~/lib/forms";
import { createUser } from "../../../tests/factories";
import { adminProductSchema, makerProductSchema, NICHE_REQUIRED, type AdminProduct } from "./fields";
import { createProduct, deleteProduct, ProductInputError, readProduct, snapshotToFormValues, updateProduct } from "./save-product.server";
import { nicheOptions, subcategoryOptions, taxonomyOptions } from "./taxonomy-options.server";

async function taxonomy() {
  const db = getDb();
  // Two niches that share nothing, each with a linked subcategory.
  const rows = await queryRows<{ niche_id: number; subcategory_id: number }>(
    db,
    sql`select ns.niche_id, min(ns.subcategory_id) as subcategory_id from niche_subcategories ns
         join niches n on n.id = ns.niche_id group by ns.niche_id order by ns.niche_id limit 2`,
  );
  expect(rows.length).toBe(2);
  return rows.map((row) => ({ niche: Number(row.niche_id), subcategory: Number(row.subcategory_id) }));
}

function adminForm(overrides: Record<string, unknown>): AdminProduct {
  const parsed = parseForm(adminProductSchema, {
    productName: "Save Test Product",
    headline: "A headline that is fine",
    tagline: "Tagline",
    description: "<p>A description <script>alert(1)</script>that is long enough for the fifty character rule.</p>",
    websiteUrl: "savetest.example.com",
    pricing: "freemium",
    features: ["Alpha", "beta", "ALPHA"],
    status: "live",
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

function split(form: AdminProduct) {
  const { selectedCategories, selectedSubcategories, status, isAdvertised, adStartDate, adEndDate, ...info } = form;
  return { info, categories: { selectedCategories, selectedSubcategories }, admin: { status, isAdvertised, adStartDate, adEndDate } };
}

describe("createProduct / updateProduct", () => {
  it("writes the product and every relation, with a unique slug and sanitized description", async () => {
    const db = getDb();
    const [a, b] = await taxonomy();
    const maker = await createUser(db);
    const form = adminForm({ selectedCategories: [String(b!.niche), String(a!.niche)], selectedSubcategories: [String(a!.subcategory)] });
    const first = await db.transaction((tx) => createProduct(tx, { ...split(form), makers: [maker, "no-such-profile"], makerComment: "Hi" }));
    const second = await db.transaction((tx) => createProduct(tx, { ...split(form) }));
    expect(first.slug).toBe("save-test-product");
    expect(second.slug).toBe("save-test-product-2");
    expect(first.cacheTags).toEqual(["lists", "product:save-test-product"]);

    const stored = (await readProduct(db, first.id))!;
    expect(stored).toMatchObject({
      status: "live",
      type: "product",
      pricing: "freemium",
      website_url: "https://savetest.example.com/",
      tags: ["Alpha", "beta"],
      maker_comment: "Hi",
      niche_ids: [b!.niche, a!.niche],
      subcategory_ids: [a!.subcategory],
      maker_ids: [maker],
    });
    expect(stored.description).not.toContain("<script");
    const [link] = await queryRows<{ category_id: number }>(db, sql`select category_id from product_subcategories where product_id = ${first.id}`);
    expect(Number(link!.category_id)).toBe(b!.niche);
    expect(first.changes.product_name).toEqual({ before: null, after: "Save Test Product" });
    expect(snapshotToFormValues(stored)).toMatchObject({ productName: "Save Test Product", selectedCategories: [b!.niche, a!.niche], status: "live" });
  });

  it("updates only the groups given and reports the changed fields", async () => {
    const db = getDb();
    const [a, b] = await taxonomy();
    const created = await db.transaction((tx) => createProduct(tx, { ...split(adminForm({ productName: "Update Me", selectedCategories: [String(a!.niche)] })) }));
    const result = await db.transaction((tx) =>
      updateProduct(tx, created.id, {
        ...split(adminForm({ productName: "Updated Name", selectedCategories: [String(b!.niche)], hasCoupon: "on", couponText: "10%", couponCode: "TEN", couponExpiryDate: "2030-01-31", isAdvertised: "on", adStartDate: "2030-01-01", adEndDate: "2030-02-01" })),
      }),
    );
    expect(result!.slug).toBe(created.slug);
    expect(Object.keys(result!.changes).sort()).toEqual(
      ["ad_end_date", "ad_start_date", "coupon_code", "coupon_expiry_date", "coupon_text", "has_coupon", "is_advertised", "niche_ids", "product_name"].sort(),
    );
    expect(result!.changes.niche_ids).toEqual({ before: [a!.niche], after: [b!.niche] });
    expect(result!.after).toMatchObject({ coupon_expiry_date: "2030-01-31", ad_start_date: "2030-01-01", ad_end_date: "2030-02-01" });

    const comment = await db.transaction((tx) => updateProduct(tx, created.id, { makerComment: "Only this" }));
    expect(Object.keys(comment!.changes)).toEqual(["maker_comment"]);

    const renamed = await db.transaction((tx) => updateProduct(tx, created.id, { info: split(adminForm({ productName: "Renamed Product", selectedCategories: [String(a!.niche)] })).info }, { renameSlug: true }));
    expect(renamed!.slug).toBe("renamed-product");
    expect(renamed!.cacheTags).toEqual(["lists", "product:renamed-product", `product:${created.slug}`]);

    expect(await db.transaction((tx) => updateProduct(tx, 999_999_999, { makerComment: "x" }))).toBeNull();
  });

  it("refuses niches that do not exist, and for makers niches that are not selectable", async () => {
    const db = getDb();
    const form = adminForm({ selectedCategories: ["2147483000"] });
    await expect(db.transaction((tx) => createProduct(tx, split(form)))).rejects.toEqual(new ProductInputError({ selectedCategories: NICHE_REQUIRED }));
    const [draftNiche] = await queryRows<{ id: number }>(db, sql`insert into niches (name, slug, status) values ('Hidden Draft', 'hidden-draft', 'draft') returning id`);
    const maker = parseForm(makerProductSchema, { ...form, productName: "Maker Pick", headline: "A headline", description: "d".repeat(60), websiteUrl: "x.example.com", pricing: "free", selectedCategories: [String(draftNiche!.id)] });
    if (!maker.ok) throw new Error("invalid");
    const { selectedCategories, selectedSubcategories, ...info } = maker.data;
    await expect(
      db.transaction((tx) => createProduct(tx, { info, categories: { selectedCategories, selectedSubcategories } }, { nicheScope: "selectable" })),
    ).rejects.toBeInstanceOf(ProductInputError);
    const [none] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from products where product_name = 'Maker Pick'`);
    expect(none!.count).toBe(0);
  });

  it("is all or nothing: a failing relation write leaves no product and no relation", async () => {
    const db = getDb();
    const [a] = await taxonomy();
    await db.execute(sql`create or replace function fail_subcategory_link() returns trigger language plpgsql as $$
      begin raise exception 'relation write failed on purpose'; end $$`);
    await db.execute(sql`create trigger fail_subcategory_link before insert on product_subcategories for each row execute function fail_subcategory_link()`);
    try {
      const form = adminForm({ productName: "Never Written", selectedCategories: [String(a!.niche)], selectedSubcategories: [String(a!.subcategory)] });
      await expect(db.transaction((tx) => createProduct(tx, split(form)))).rejects.toThrow();
      const [row] = await queryRows<{ products: number; niches: number }>(
        db,
        sql`select (select count(*)::int from products where product_name = 'Never Written') as products,
                   (select count(*)::int from product_niches pn where not exists (select 1 from products p where p.id = pn.product_id)) as niches`,
      );
      expect(row).toEqual({ products: 0, niches: 0 });

      // An update that fails the same way keeps the old values and relations.
      const kept = await db.transaction((tx) => createProduct(tx, split(adminForm({ productName: "Kept Intact", selectedCategories: [String(a!.niche)] }))));
      await expect(
        db.transaction((tx) => updateProduct(tx, kept.id, split(adminForm({ productName: "Changed", selectedCategories: [String(a!.niche)], selectedSubcategories: [String(a!.subcategory)] })))),
      ).rejects.toThrow();
      expect(await readProduct(db, kept.id)).toMatchObject({ product_name: "Kept Intact", niche_ids: [a!.niche], subcategory_ids: [] });
    } finally {
      await db.execute(sql`drop trigger fail_subcategory_link on product_subcategories`);
    }
  });

  it("deletes a product with its relations", async () => {
    const db = getDb();
    const [a] = await taxonomy();
    const maker = await createUser(db);
    const created = await db.transaction((tx) => createProduct(tx, { ...split(adminForm({ productName: "Delete Me", selectedCategories: [String(a!.niche)] })), makers: [maker] }));
    const deleted = await db.transaction((tx) => deleteProduct(tx, created.id));
    expect(deleted!.before.product_name).toBe("Delete Me");
    expect(deleted!.cacheTags).toEqual(["lists", `product:${created.slug}`]);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*)::int from product_niches where product_id = ${created.id}) + (select count(*)::int from product_makers where product_id = ${created.id}) as n`,
    );
    expect(left!.n).toBe(0);
    expect(await db.transaction((tx) => deleteProduct(tx, created.id))).toBeNull();
  });
});

describe("taxonomy options", () => {
  it("admins see every niche, makers only published ones with live products, plus the product's own", async () => {
    const db = getDb();
    const [draft] = await queryRows<{ id: number }>(db, sql`insert into niches (name, slug, status) values ('Options Draft', 'options-draft', 'draft') returning id`);
    const admin = await nicheOptions(db, "admin");
    const maker = await nicheOptions(db, "maker");
    expect(admin.some((niche) => niche.id === draft!.id)).toBe(true);
    expect(maker.some((niche) => niche.id === draft!.id)).toBe(false);
    expect((await nicheOptions(db, "maker", [draft!.id])).some((niche) => niche.id === draft!.id)).toBe(true);
    expect(maker.length).toBeGreaterThan(0);

    const [a] = await taxonomy();
    const subs = await subcategoryOptions(db, [a!.niche]);
    expect(subs.some((sub) => sub.id === a!.subcategory && sub.nicheIds.includes(a!.niche))).toBe(true);
    expect(await subcategoryOptions(db, [])).toEqual([]);
    const all = await taxonomyOptions(db, "admin");
    expect(all.niches.length).toBe(admin.length);
  });
});
