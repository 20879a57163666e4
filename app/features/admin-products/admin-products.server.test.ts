import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { queryRows } from "../../../tests/support/raw-rows";
import { onInvalidate, type CacheTag } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { createProduct, createUser } from "../../../tests/factories";
import { answerOf } from "../../../tests/support/action-answer";
import { formRequest, localSettings, signedInCookie, adminCookie as signInAdmin } from "../../../tests/support/auth";
import { bulkDelete, bulkRemap, bulkSetStatus, clearAllCaches } from "./mutations.server";
import { DEFAULT_FILTERS, MESSAGES, PAGE_SIZE, type ProductFilters } from "./admin-products";
import { EXACT_COUNT_LIMIT, statusCounts } from "./queries/counts.server";
import { listAdminProducts, listAdvertised } from "./queries/list.server";
import { productsAction, remapAction, remapLoader } from "./requests.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const run = Date.now().toString(36);
let seq = 0;
const filters = (over: Partial<ProductFilters> = {}): ProductFilters => ({ ...DEFAULT_FILTERS, ...over });

async function product(db: Database, fields: { status?: string; pricing?: string; ad?: boolean; coupon?: boolean; created?: Date; name?: string; type?: string } = {}) {
  const row = await createProduct(db, {
    product_name: fields.name ?? `Zq${run} item ${++seq}`,
    status: fields.status ?? "live",
    type: fields.type,
    created_at: fields.created,
  });
  await db.execute(
    sql`update products set pricing = ${fields.pricing ?? "free"}, is_advertised = ${fields.ad ?? false}, has_coupon = ${fields.coupon ?? false}
         where id = ${row.id}`,
  );
  return row;
}

async function statuses(db: Database, ids: number[]) {
  const rows = await queryRows<{ id: number; status: string }>(db, sql`select id, status from products where id = any(${`{${ids.join(",")}}`}::int[]) order by id`);
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

async function auditRows(db: Database, action: string) {
  return queryRows<{ actor_id: string; entity_type: string; summary: string; changes: Record<string, unknown> }>(
    db,
    sql`select actor_id, entity_type, summary, changes from audit_log where action = ${action} order by id`,
  );
}

async function exactFacetTruth(db: Database) {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where status = 'live')::int as published, count(*) filter (where status = 'draft')::int as draft,
               count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'rejected')::int as rejected,
               count(*) filter (where is_advertised)::int as ads, count(*)::int as total
          from products where type = 'product' and status <> 'deleted'`,
  );
  return row;
}

describe("Manage Products list", () => {
  it("counts the whole filtered result exactly, from the trigger-kept table and from the rows", async () => {
    const db = getDb();
    await product(db, { status: "live", pricing: "premium", ad: true });
    await product(db, { status: "draft", pricing: "premium", coupon: true });
    await product(db, { status: "pending", pricing: "freemium" });
    await product(db, { status: "rejected" });
    await product(db, { status: "deleted" });
    await product(db, { type: "suggestion" });

    // Unfiltered: the facet table agrees with a count over the rows.
    const all = await statusCounts(db, filters());
    expect(all).toEqual({ counts: await exactFacetTruth(db), exact: true });

    const mine = await statusCounts(db, filters({ q: `zq${run}` }));
    expect(mine).toEqual({ counts: { published: 1, draft: 1, pending: 1, rejected: 1, ads: 1, total: 4 }, exact: true });
    const premium = await statusCounts(db, filters({ q: `ZQ${run}`, pricing: "premium" }));
    expect(premium.counts).toMatchObject({ published: 1, draft: 1, total: 2 });
    expect((await statusCounts(db, filters({ q: `zq${run}`, status: "ads" }))).counts.total).toBe(1);
    expect((await statusCounts(db, filters({ q: `zq${run}`, coupon: "yes" }))).counts).toMatchObject({ draft: 1, total: 1 });
    expect((await statusCounts(db, filters({ q: `zq${run}`, advertised: "no", status: "published" }))).counts.total).toBe(0);

    // A bulk update through the triggers keeps the facet table right.
    await db.execute(sql`update products set status = 'draft', pricing = 'paid' where product_name like ${`Zq${run}%`}`);
    expect((await statusCounts(db, filters())).counts).toEqual(await exactFacetTruth(db));
    expect((await statusCounts(db, filters({ pricing: "paid", status: "draft" }))).counts.total).toBeGreaterThanOrEqual(4);
  });

  it("filters by created dates, niche and subcategory; leaves suggestions and deleted products out", async () => {
    const db = getDb();
    const tag = `Dt${run}`;
    const old = await product(db, { name: `${tag} old`, created: new Date("2020-01-15T12:00:00Z") });
    const mid = await product(db, { name: `${tag} mid`, created: new Date("2021-06-30T23:30:00Z") });
    await product(db, { name: `${tag} hidden`, status: "deleted", created: new Date("2021-06-30T10:00:00Z") });
    await product(db, { name: `${tag} idea`, type: "suggestion", created: new Date("2021-06-30T10:00:00Z") });
    const [sub] = await queryRows<{ sub: number; niche: number }>(
      db,
      sql`select subcategory_id as sub, niche_id as niche from niche_subcategories order by niche_id, subcategory_id limit 1`,
    );
    await db.execute(sql`insert into product_niches values (${mid.id}, ${sub!.niche})`);
    await db.execute(sql`insert into product_subcategories (product_id, subcategory_id) values (${mid.id}, ${sub!.sub})`);

    const names = async (f: Partial<ProductFilters>) => (await listAdminProducts(db, filters({ q: tag, ...f }))).rows.map((r) => r.id);
    expect(await names({})).toEqual([mid.id, old.id]);
    expect(await names({ from: "2021-06-30", to: "2021-06-30" })).toEqual([mid.id]);
    expect(await names({ to: "2020-01-15" })).toEqual([old.id]);
    expect(await names({ niche: sub!.niche })).toEqual([mid.id]);
    expect(await names({ subcategory: sub!.sub })).toEqual([mid.id]);
    expect(await names({ q: `${tag} %` })).toEqual([]);
    const page = await listAdminProducts(db, filters({ q: tag }));
    expect(page.rows[0]!.niches).toBeTruthy();
  });

  it("pages 20 at a time newest first, reads deep pages from the oldest end, and shows the last page for a page past it", async () => {
    const db = getDb();
    const tag = `Pg${run}`;
    const base = Date.parse("2022-03-01T00:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push((await product(db, { name: `${tag} ${i}`, created: new Date(base + i * 60_000) })).id);
    const newestFirst = [...ids].reverse();
    const at = async (page: number) => listAdminProducts(db, filters({ q: tag, page }));
    const first = await at(1);
    expect(first.pageCount).toBe(3);
    expect(first.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    expect((await at(2)).rows.map((r) => r.id)).toEqual(newestFirst.slice(20, 40));
    const last = await at(3);
    expect(last.rows.map((r) => r.id)).toEqual(newestFirst.slice(40));
    const beyond = await at(99);
    expect(beyond.page).toBe(3);
    expect(beyond.rows.map((r) => r.id)).toEqual(newestFirst.slice(40));
    const none = await listAdminProducts(db, filters({ q: `${tag}-nothing` }));
    expect(none).toMatchObject({ rows: [], page: 1, pageCount: 1, exact: true });
  });

  it("labels the counts an estimate past the exact bound", async () => {
    const db = getDb();
    const tag = `Es${run}`;
    await db.execute(sql`insert into products (product_name, slug, status, type)
      select ${tag} || ' ' || g, ${tag.toLowerCase()} || '-' || g, case when g % 4 = 0 then 'draft' else 'live' end, 'product'
      from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) g`);
    const result = await statusCounts(db, filters({ q: tag }));
    expect(result.exact).toBe(false);
    expect(result.counts.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const page = await listAdminProducts(db, filters({ q: tag, page: 3 }));
    expect(page.exact).toBe(false);
    expect(page.rows).toHaveLength(PAGE_SIZE);
    await db.execute(sql`delete from products where product_name like ${`${tag} %`}`);
    expect(await statusCounts(db, filters({ q: tag }))).toEqual({ counts: { published: 0, draft: 0, pending: 0, rejected: 0, ads: 0, total: 0 }, exact: true });
  });

  it("lists advertised products newest first for Trending Ads", async () => {
    const db = getDb();
    const before = await listAdvertised(db, 1);
    const ad = await product(db, { ad: true, status: "draft", created: new Date(Date.now() + 3_600_000) });
    await product(db, { ad: true, type: "suggestion" });
    const after = await listAdvertised(db, 1);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]!.id).toBe(ad.id);
  });
});

describe("bulk actions", () => {
  it("publishes and drafts in one transaction, with one audit entry and the changed pages invalidated", async () => {
    const db = getDb();
    const admin = { id: await createUser(db), email: "bulk.admin@example.com" };
    const a = await product(db, { status: "draft" });
    const b = await product(db, { status: "pending" });
    const c = await product(db, { status: "live" });
    const heard: CacheTag[][] = [];
    const stop = onInvalidate((tags) => heard.push(tags));
    try {
      const published = await bulkSetStatus(db, admin, "publish", [a.id, b.id, c.id, 999_999_999]);
      expect(published).toEqual({ changed: 2, missing: [999_999_999] });
      expect(await statuses(db, [a.id, b.id, c.id])).toEqual({ [a.id]: "live", [b.id]: "live", [c.id]: "live" });
      expect(heard.flat()).toEqual(expect.arrayContaining(["lists", `product:${a.slug}`, `product:${b.slug}`]));
      expect(heard.flat()).not.toContain(`product:${c.slug}`);
    } finally {
      stop();
    }
    const [entry] = (await auditRows(db, "products.publish")).slice(-1);
    expect(entry).toMatchObject({ actor_id: admin.id, entity_type: "product", summary: expect.stringMatching(new RegExp(`^2 products: Zq${run} item \\d+ and Zq${run} item \\d+$`)) });
    expect(entry!.changes).toEqual({ ids: [a.id, b.id], products: [{ id: a.id, name: expect.any(String) }, { id: b.id, name: expect.any(String) }], before: { [a.id]: "draft", [b.id]: "pending" }, after: "live" });

    expect(await bulkSetStatus(db, admin, "draft", [a.id, c.id])).toEqual({ changed: 2, missing: [] });
    expect(await statuses(db, [a.id, c.id])).toEqual({ [a.id]: "draft", [c.id]: "draft" });
    expect((await auditRows(db, "products.draft")).at(-1)!.changes).toMatchObject({ before: { [a.id]: "live", [c.id]: "live" } });
  });

  it("rolls the whole action back when any write in it fails", async () => {
    const db = getDb();
    const a = await product(db, { status: "draft" });
    const b = await product(db, { status: "draft" });
    const before = (await auditRows(db, "products.publish")).length;
    // An actor that is not a user: the audit insert (the last write) fails its foreign key.
    await expect(bulkSetStatus(db, { id: "no-such-user", email: "x@example.com" }, "publish", [a.id, b.id])).rejects.toThrow();
    expect(await statuses(db, [a.id, b.id])).toEqual({ [a.id]: "draft", [b.id]: "draft" });
    expect(await auditRows(db, "products.publish")).toHaveLength(before);
    await expect(bulkDelete(db, { id: "no-such-user", email: "x@example.com" }, [a.id])).rejects.toThrow();
    expect(await statuses(db, [a.id])).toEqual({ [a.id]: "draft" });
  });

  it("deletes products with their relations and records what they were", async () => {
    const db = getDb();
    const admin = { id: await createUser(db), email: "delete.admin@example.com" };
    const user = await createUser(db);
    const a = await product(db, { status: "live" });
    const b = await product(db, { status: "rejected" });
    await db.execute(sql`insert into product_niches (product_id, niche_id) select ${a.id}, id from niches limit 1`);
    await db.execute(sql`insert into product_upvotes (product_id, user_id) values (${a.id}, ${user})`);
    expect(await bulkDelete(db, admin, [a.id, b.id])).toEqual({ changed: 2, missing: [] });
    expect(await statuses(db, [a.id, b.id])).toEqual({});
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from product_niches where product_id = ${a.id}) + (select count(*) from product_upvotes where product_id = ${a.id}) as n`,
    );
    expect(Number(left!.n)).toBe(0);
    expect((await auditRows(db, "products.delete")).at(-1)!.changes).toMatchObject({ ids: [a.id, b.id], before: { [a.id]: "live", [b.id]: "rejected" } });
    expect((await statusCounts(db, filters())).counts).toEqual(await exactFacetTruth(db));
  });

  it("remaps products to one niche and its subcategories, replacing their old ones", async () => {
    const db = getDb();
    const admin = { id: await createUser(db), email: "remap.admin@example.com" };
    const [niche] = await queryRows<{ id: number; name: string }>(
      db,
      sql`select n.id, n.name from niches n where (select count(*) from niche_subcategories ns where ns.niche_id = n.id) >= 2 order by n.id limit 1`,
    );
    const subs = await queryRows<{ id: number }>(db, sql`select subcategory_id as id from niche_subcategories where niche_id = ${niche!.id} order by subcategory_id limit 2`);
    const [foreign] = await queryRows<{ id: number }>(
      db,
      sql`select id from subcategories where id not in (select subcategory_id from niche_subcategories where niche_id = ${niche!.id}) limit 1`,
    );
    const a = await product(db);
    const b = await product(db);
    await db.execute(sql`insert into product_niches (product_id, niche_id) select ${a.id}, id from niches where id <> ${niche!.id} limit 2`);
    await db.execute(sql`insert into product_subcategories (product_id, subcategory_id) values (${a.id}, ${foreign!.id})`);

    expect(await bulkRemap(db, admin, [a.id], niche!.id, [foreign!.id])).toEqual({ ok: false, error: "subcategory" });
    expect(await bulkRemap(db, admin, [a.id], 2_000_000_000, [])).toEqual({ ok: false, error: "niche" });
    const done = await bulkRemap(db, admin, [a.id, b.id, 1_999_999_999], niche!.id, subs.map((s) => s.id));
    expect(done).toEqual({ ok: true, changed: 2, missing: [1_999_999_999], niche: niche!.name });
    const links = await queryRows<{ product_id: number; niche_id: number | null; subcategory_id: number | null; category_id: number | null }>(
      db,
      sql`select product_id, niche_id, null::int as subcategory_id, null::int as category_id from product_niches where product_id in (${a.id}, ${b.id})
          union all
          select product_id, null, subcategory_id, category_id from product_subcategories where product_id in (${a.id}, ${b.id})
          order by 1, 2, 3`,
    );
    expect(links).toEqual([
      { product_id: a.id, niche_id: niche!.id, subcategory_id: null, category_id: null },
      { product_id: a.id, niche_id: null, subcategory_id: subs[0]!.id, category_id: niche!.id },
      { product_id: a.id, niche_id: null, subcategory_id: subs[1]!.id, category_id: niche!.id },
      { product_id: b.id, niche_id: niche!.id, subcategory_id: null, category_id: null },
      { product_id: b.id, niche_id: null, subcategory_id: subs[0]!.id, category_id: niche!.id },
      { product_id: b.id, niche_id: null, subcategory_id: subs[1]!.id, category_id: niche!.id },
    ]);
    const entry = (await auditRows(db, "products.remap")).at(-1)!;
    expect(entry.changes).toMatchObject({ ids: [a.id, b.id], after: { niches: [niche!.id] } });
    expect((entry.changes.before as Record<string, { subcategories: number[] }>)[a.id]!.subcategories).toEqual([foreign!.id]);
  });

  it("records Clear Cache and tells every listener to drop everything", async () => {
    const db = getDb();
    const admin = { id: await createUser(db), email: "cache.admin@example.com" };
    const heard: CacheTag[][] = [];
    const stop = onInvalidate((tags) => heard.push(tags));
    try {
      await clearAllCaches(db, admin);
    } finally {
      stop();
    }
    expect(heard).toEqual([["all"]]);
    expect((await auditRows(db, "cache.clear")).at(-1)).toMatchObject({ actor_id: admin.id, entity_type: "cache" });
  });
});

describe("the actions' requests", () => {
  let adminCookie = "";
  let memberCookie = "";

  beforeAll(async () => {
    const email = `products.admin.${run}@example.com`;
    adminCookie = await signInAdmin(email);
    memberCookie = await signedInCookie(`products.member.${run}@example.com`);
  });


  function post(path: string, fields: [string, string][], cookie: string, origin?: string) {
    const request = formRequest(path, {}, { cookie, origin });
    return new Request(request.url, { method: "POST", headers: request.headers, body: new URLSearchParams(fields) });
  }

  it("refuses a signed-in non-admin and a cross-site post before touching anything", async () => {
    const db = getDb();
    const p = await product(db, { status: "draft" });
    const member = await answerOf(() => productsAction(post("/admin/products", [["intent", "publish"], ["ids", String(p.id)]], memberCookie), {}, "products"));
    expect(member).toMatchObject({ status: 302, location: "/" });
    const anonymous = await answerOf(() => productsAction(post("/admin/products", [["intent", "publish"], ["ids", String(p.id)]], ""), {}, "products"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    const crossSite = await answerOf(() =>
      productsAction(post("/admin/products", [["intent", "publish"], ["ids", String(p.id)]], adminCookie, "https://evil.example"), {}, "products"),
    );
    expect(crossSite.status).toBe(403);
    const remap = await answerOf(() => remapAction(post("/admin/bulk-remap", [["ids", String(p.id)], ["niche", "1"]], memberCookie), {}));
    expect(remap).toMatchObject({ status: 302, location: "/" });
    expect(await statuses(db, [p.id])).toEqual({ [p.id]: "draft" });
  });

  it("answers hostile and invalid input with 400 and the message, never a 5xx", async () => {
    const hostile: [string, string][][] = [
      [["intent", "publish"]],
      [["intent", "publish"], ["ids", "1 or 1=1"]],
      [["intent", "publish"], ["ids", "-4"]],
      [["intent", "delete"], ["ids", "99999999999999999999"]],
      [["intent", "draft"], ["ids", "\u0000"]],
      [["intent", "draft"], ["ids", "\uD800"]],
      [["intent", "publish"], ["ids", Array.from({ length: 1001 }, (_, i) => i + 1).join(",")]],
      [["intent", "explode"], ["ids", "1"]],
      [["intent", "\u0000"]],
    ];
    for (const fields of hostile) {
      const result = await answerOf(() => productsAction(post("/admin/products?page=%00", fields, adminCookie), {}, "products"));
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(typeof result.body?.error).toBe("string");
    }
    const gone = await answerOf(() => productsAction(post("/admin/products", [["intent", "publish"], ["ids", "2000000000"]], adminCookie), {}, "products"));
    expect(gone).toMatchObject({ status: 404, body: { error: MESSAGES.noneFound } });
    const remapHostile: [string, string][][] = [
      [["niche", "1"]],
      [["ids", "1"], ["niche", "x"]],
      [["ids", "1"], ["niche", "1"], ["subcategories", "1;drop"]],
    ];
    for (const fields of remapHostile) {
      const result = await answerOf(() => remapAction(post("/admin/bulk-remap", fields, adminCookie), {}));
      expect(result.status, JSON.stringify(fields)).toBe(400);
    }
    const loader = await answerOf(() => remapLoader(new Request("http://localhost:3000/admin/bulk-remap?ids=%00,abc&niche=%F0", { headers: { Cookie: adminCookie } }), {}));
    expect(loader.status).toBe(400);
    expect(loader.body?.error).toBe(MESSAGES.badSelection);
  });

  it("publishes the chosen rows and goes back to the same view with the spec's toast", async () => {
    const db = getDb();
    const a = await product(db, { status: "draft" });
    const b = await product(db, { status: "pending" });
    const result = await answerOf(() =>
      productsAction(post("/admin/products?status=draft&page=2", [["intent", "publish"], ["ids", String(a.id)], ["ids", String(b.id)]], adminCookie), {}, "products"),
    );
    expect(result).toMatchObject({ status: 302, location: "/admin/products?status=draft&page=2" });
    expect(result.cookies).toContain("toolnest");
    expect(await statuses(db, [a.id, b.id])).toEqual({ [a.id]: "live", [b.id]: "live" });
    const remap = await answerOf(() => productsAction(post("/admin/trending-ads", [["intent", "remap"], ["ids", `${a.id},${b.id}`]], adminCookie), {}, "trending-ads"));
    expect(remap).toMatchObject({ status: 302, location: `/admin/bulk-remap?ids=${a.id}%2C${b.id}&back=trending-ads` });
  });
});
