/**
 * Manage Products at depth (decision 037, "Measured 2026-11-25"): a niche's and a subcategory's
 * counts come exact from the trigger-kept link table through every kind of write, and deep pages
 * (read by seeking from page anchors) are the same rows a plain ordered query gives, before and
 * after writes that shift them.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { createUser } from "../../../../tests/factories";
import { ANCHOR_EVERY, ANCHOR_FROM } from "./anchors.server";
import { bulkDelete, bulkRemap, bulkSetStatus } from "../mutations.server";
import { DEFAULT_FILTERS, PAGE_SIZE, type ProductFilters } from "../admin-products";
import { statusCounts } from "./counts.server";
import { listAdminProducts } from "./list.server";

const run = Date.now().toString(36);
const filters = (over: Partial<ProductFilters> = {}): ProductFilters => ({
  ...DEFAULT_FILTERS,
  ...over,
});

async function taxonomy(db: Database, label: string) {
  const [niche] = await queryRows<{ id: number }>(
    db,
    sql`insert into niches (name, slug) values (${`N ${label} ${run}`}, ${`n-${label}-${run}`}) returning id`,
  );
  const subs: number[] = [];
  for (const i of [1, 2]) {
    const [sub] = await queryRows<{ id: number }>(
      db,
      sql`insert into subcategories (name, slug, is_parent) values (${`S${i} ${label} ${run}`}, ${`s${i}-${label}-${run}`}, true) returning id`,
    );
    await db.execute(sql`insert into niche_subcategories values (${niche!.id}, ${sub!.id})`);
    subs.push(sub!.id);
  }
  return { niche: niche!.id, subs };
}

/**
 * Inserts `n` products named `${tag} g`, created from `from` in groups of 7 that share a timestamp
 * (ties broken by id), `step` apart.
 */
async function bulkProducts(db: Database, tag: string, n: number, { from = "2023-01-01T00:00:00Z", step = "1 minute 0.000123 second" } = {}) {
  return (
    await queryRows<{ id: number }>(
      db,
      sql`insert into products (product_name, slug, status, type, pricing, is_advertised, has_coupon, created_at)
          select ${tag} || ' ' || g, ${tag.toLowerCase()} || '-' || g,
                 case when g % 5 = 0 then 'draft' when g % 11 = 0 then 'pending' else 'live' end, 'product',
                 case when g % 3 = 0 then 'premium' else 'free' end, g % 13 = 0, g % 17 = 0,
                 ${from}::timestamptz + (g / 7) * ${step}::interval
            from generate_series(1, ${n}) g returning id`,
    )
  ).map((r) => r.id);
}

/** The truth, counted on the rows: products (not suggestions, not deleted) in a niche/subcategory. */
async function truth(db: Database, where: ReturnType<typeof sql>) {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where status = 'live')::int as published, count(*) filter (where status = 'draft')::int as draft,
               count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'rejected')::int as rejected,
               count(*) filter (where is_advertised)::int as ads, count(*)::int as total
          from products p where type = 'product' and status <> 'deleted' and ${where}`,
  );
  return row;
}

const inNiche = (id: number) => sql`exists (select 1 from product_niches pn where pn.product_id = p.id and pn.niche_id = ${id})`;
const inSub = (id: number) => sql`exists (select 1 from product_subcategories ps where ps.product_id = p.id and ps.subcategory_id = ${id})`;

/** The page's ids as a plain ordered query gives them. */
async function truePage(db: Database, where: ReturnType<typeof sql>, page: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where type = 'product' and status <> 'deleted' and ${where}
         order by p.created_at desc, p.id desc offset ${(page - 1) * PAGE_SIZE} limit ${PAGE_SIZE}`,
  );
  return rows.map((r) => r.id);
}

/** The actor of a test's bulk actions: a fresh user with the test's address. */
async function newAdmin(db: Database, label: string) {
  return { id: await createUser(db), email: `${label}.${run}@example.com` };
}

describe("Manage Products by niche and subcategory, and deep pages", () => {
  it("counts a niche's and a subcategory's products exactly, through inserts, edits, bulk actions, remaps and deletes", async () => {
    const db = getDb();
    const admin = await newAdmin(db, "links");
    const a = await taxonomy(db, "a");
    const b = await taxonomy(db, "b");
    const ids = await bulkProducts(db, `Lk${run}`, 60);
    const [first, second] = [ids.slice(0, 40), ids.slice(40)];
    await db.execute(sql`insert into product_niches (product_id, niche_id) select unnest(${`{${first.join(",")}}`}::int[]), ${a.niche}`);
    await db.execute(
      sql`insert into product_subcategories (product_id, subcategory_id) select unnest(${`{${first.join(",")}}`}::int[]), ${a.subs[0]!}`,
    );
    await db.execute(sql`insert into product_niches (product_id, niche_id) select unnest(${`{${second.join(",")}}`}::int[]), ${b.niche}`);
    await db.execute(
      sql`insert into product_subcategories (product_id, subcategory_id) select unnest(${`{${second.join(",")}}`}::int[]), ${b.subs[1]!}`,
    );

    const check = async () => {
      for (const [over, where] of [
        [{ niche: a.niche }, inNiche(a.niche)],
        [{ niche: b.niche }, inNiche(b.niche)],
        [{ subcategory: a.subs[0]! }, inSub(a.subs[0]!)],
        [{ subcategory: b.subs[1]! }, inSub(b.subs[1]!)],
        [{ niche: a.niche, status: "draft" }, sql`${inNiche(a.niche)} and status = 'draft'`],
        [{ niche: a.niche, pricing: "premium", coupon: "no" }, sql`${inNiche(a.niche)} and pricing = 'premium' and not has_coupon`],
        [{ subcategory: b.subs[1]!, status: "ads" }, sql`${inSub(b.subs[1]!)} and is_advertised`],
        [{ niche: a.niche, subcategory: a.subs[0]! }, sql`${inNiche(a.niche)} and ${inSub(a.subs[0]!)}`],
        [{ niche: b.niche, subcategory: a.subs[0]! }, sql`${inNiche(b.niche)} and ${inSub(a.subs[0]!)}`],
      ] as const) {
        const result = await statusCounts(db, filters(over as Partial<ProductFilters>));
        expect(result, JSON.stringify(over)).toEqual({
          counts: await truth(db, where),
          exact: true,
        });
        const page = await listAdminProducts(db, filters(over as Partial<ProductFilters>));
        expect(
          page.rows.map((r) => r.id),
          JSON.stringify(over),
        ).toEqual(await truePage(db, where, 1));
      }
    };
    await check();
    // A product edit, a bulk status change, a remap and a delete each move the counts.
    await db.execute(sql`update products set pricing = 'premium', has_coupon = false, is_advertised = true where id = ${first[0]!}`);
    expect((await bulkSetStatus(db, admin, "draft", first.slice(1, 15))).changed).toBeGreaterThan(0);
    expect((await bulkRemap(db, admin, first.slice(20, 30), b.niche, [b.subs[1]!])).ok).toBe(true);
    expect((await bulkDelete(db, admin, [...first.slice(30, 33), ...second.slice(0, 4)])).changed).toBe(7);
    await db.execute(sql`update products set status = 'deleted' where id = ${second[5]!}`);
    await db.execute(sql`update products set type = 'suggestion' where id = ${second[6]!}`);
    await db.execute(sql`delete from product_niches where product_id = ${first[35]!}`);
    await check();
    // The mirrored links agree with the real ones, row for row.
    const [drift] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            (select 1::smallint as kind, niche_id as ref_id, product_id from product_niches
             union all select 2::smallint, subcategory_id, product_id from product_subcategories)
            except all
            (select kind, ref_id, product_id from admin_product_links)) d`,
    );
    expect(drift!.n).toBe(0);
  });

  it("reads deep pages by seeking from page anchors, the same rows a plain query gives, also after writes that shift them", async () => {
    const db = getDb();
    const admin = await newAdmin(db, "deep");
    const t = await taxonomy(db, "deep");
    const tag = `Dp${run}`;
    const count = ANCHOR_FROM + 3 * ANCHOR_EVERY + 137;
    const ids = await bulkProducts(db, tag, count);
    await db.execute(sql`insert into product_niches (product_id, niche_id) select unnest(${`{${ids.join(",")}}`}::int[]), ${t.niche}`);
    const where = inNiche(t.niche);
    const pages = [1, Math.floor(ANCHOR_FROM / PAGE_SIZE) + 1, Math.floor((ANCHOR_FROM + 2 * ANCHOR_EVERY) / PAGE_SIZE) + 3];
    const check = async (extra: Partial<ProductFilters>, cond: ReturnType<typeof sql>) => {
      const last = Math.ceil((await truth(db, cond))!.total! / PAGE_SIZE);
      for (const page of [...pages, last - 1, last]) {
        const got = await listAdminProducts(db, filters({ niche: t.niche, ...extra, page }));
        expect(got.page).toBe(Math.min(page, last));
        expect(
          got.rows.map((r) => r.id),
          `page ${page}`,
        ).toEqual(await truePage(db, cond, got.page));
      }
    };
    await check({}, where);
    await check({ status: "published" }, sql`${where} and status = 'live'`);

    // Writes that shift every deep page: a newer product, a delete in the middle, a status change.
    const [newer] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (product_name, slug, status, type) values (${`${tag} newest`}, ${`${tag.toLowerCase()}-newest`}, 'live', 'product') returning id`,
    );
    await db.execute(sql`insert into product_niches (product_id, niche_id) values (${newer!.id}, ${t.niche})`);
    await check({}, where);
    expect((await bulkDelete(db, admin, ids.slice(2000, 2003))).changed).toBe(3);
    await db.execute(sql`update products set status = 'rejected' where id = ${ids[100]!}`);
    await check({}, where);
    await check({ status: "published" }, sql`${where} and status = 'live'`);

    // A search past the exact bound (an estimate) pages through the same rows too.
    const deep = Math.floor((ANCHOR_FROM + ANCHOR_EVERY) / PAGE_SIZE) + 2;
    const searched = await listAdminProducts(db, filters({ q: tag, page: deep }));
    expect(searched.exact).toBe(false);
    expect(searched.rows.map((r) => r.id)).toEqual(await truePage(db, sql`p.product_name like ${`${tag} %`}`, deep));
  }, 120_000);

  it("reads deep pages of the whole catalogue by month counts, the same rows a plain query gives, across month edges and after writes that move rows", async () => {
    const db = getDb();
    const tag = `Mo${run}`;
    // Older than every other product here, so they fill the deepest pages: about 7 months, 6 minutes apart
    // in groups of 7 sharing a timestamp (ties broken by id).
    const count = ANCHOR_FROM + 2 * ANCHOR_EVERY;
    const ids = await bulkProducts(db, tag, count, { from: "2019-01-01T00:00:00Z", step: "4 hours 0.000321 second" });
    const all = sql`true`;
    // Pages past ANCHOR_FROM: every 23rd page, the last two, and each page holding a month's first row.
    const check = async (extra: Partial<ProductFilters>, cond: ReturnType<typeof sql>) => {
      const total = (await truth(db, cond))!.total!;
      const last = Math.ceil(total / PAGE_SIZE);
      const edges = await queryRows<{ page: number }>(
        db,
        sql`select distinct (r.n / ${PAGE_SIZE})::int + 1 as page from (
              select row_number() over (order by p.created_at desc, p.id desc) - 1 as n,
                     date_trunc('month', p.created_at at time zone 'UTC') <>
                       lag(date_trunc('month', p.created_at at time zone 'UTC')) over (order by p.created_at desc, p.id desc) as edge
                from products p where type = 'product' and status <> 'deleted' and ${cond}) r where r.edge`,
      );
      const deep = Math.floor(ANCHOR_FROM / PAGE_SIZE) + 1;
      const pages = new Set([...edges.map((e) => e.page).filter((p) => p >= deep), last - 1, last]);
      for (let page = deep; page <= last; page += 23) pages.add(page);
      expect(edges.filter((e) => e.page >= deep && e.page < last).length, "month edges among the deep pages").toBeGreaterThan(2);
      for (const page of pages) {
        const got = await listAdminProducts(db, filters({ ...extra, page }));
        expect(got.exact).toBe(true);
        expect(
          got.rows.map((r) => r.id),
          `${JSON.stringify(extra)} page ${page}`,
        ).toEqual(await truePage(db, cond, page));
      }
    };
    await check({}, all);
    await check({ status: "published", pricing: "free" }, sql`status = 'live' and pricing = 'free'`);

    // Writes that move rows between pages and months: a product dated in the middle of the range,
    // a status change and a removal, a product moved to another month, a deletion.
    await db.execute(
      sql`insert into products (product_name, slug, status, type, pricing, created_at)
          values (${`${tag} middle`}, ${`${tag.toLowerCase()}-middle`}, 'live', 'product', 'free', timestamptz '2019-03-15T12:00:00Z')`,
    );
    await db.execute(sql`update products set status = 'draft' where id = any(${`{${ids.slice(100, 140).join(",")}}`}::int[])`);
    await db.execute(sql`update products set status = 'deleted' where id = ${ids[3000]!}`);
    await db.execute(sql`update products set created_at = timestamptz '2019-06-30T23:59:59Z' where id = ${ids[10]!}`);
    await db.execute(sql`delete from products where id = any(${`{${ids.slice(4000, 4010).join(",")}}`}::int[])`);
    await check({}, all);
    await check({ status: "published", pricing: "free" }, sql`status = 'live' and pricing = 'free'`);
  }, 120_000);

  it("keeps each link's copy of the product name right after a rename, so a search within a niche or a subcategory finds the new name", async () => {
    const db = getDb();
    const t = await taxonomy(db, "name");
    const tag = `Rn${run}`;
    const ids = await bulkProducts(db, tag, 30);
    const list = `{${ids.join(",")}}`;
    await db.execute(sql`insert into product_niches (product_id, niche_id) select unnest(${list}::int[]), ${t.niche}`);
    await db.execute(sql`insert into product_subcategories (product_id, subcategory_id) select unnest(${list}::int[]), ${t.subs[0]!}`);
    const found = async (q: string) => {
      const views = [{ niche: t.niche }, { subcategory: t.subs[0]! }, { niche: t.niche, subcategory: t.subs[0]! }];
      return Promise.all(views.map(async (v) => (await listAdminProducts(db, filters({ ...v, q }))).rows.map((r) => r.product_name)));
    };
    await db.execute(sql`update products set product_name = ${`Zebra ${tag} Renamed`} where id = ${ids[4]!}`);
    const renamed = await found(`zebra ${tag.toLowerCase()} RENAMED`);
    expect(renamed).toEqual([[`Zebra ${tag} Renamed`], [`Zebra ${tag} Renamed`], [`Zebra ${tag} Renamed`]]);
    expect(await found(`${tag} 5`)).toEqual([[], [], []]);
    // Counts of a search in a small niche are exact (the niche's links are walked, names included).
    const counted = await statusCounts(db, filters({ niche: t.niche, q: tag }));
    expect(counted).toEqual({ counts: await truth(db, sql`${inNiche(t.niche)} and lower(product_name) like ${`%${tag.toLowerCase()}%`}`), exact: true });
  });

  it("estimates a search past the exact bound from a sample of every month, near the truth even when the matches are all new", async () => {
    const db = getDb();
    const tag = `Sh${run}`;
    // 3,600 products, every third named with the tag (1,200 matches, a quarter of them drafts).
    await db.execute(
      sql`insert into products (product_name, slug, status, type)
          select case when g % 3 = 0 then ${tag} || ' ' || g else 'Other ' || g end, ${tag.toLowerCase()} || '-' || g,
                 case when g % 4 = 0 then 'draft' else 'live' end, 'product'
            from generate_series(1, 3600) g`,
    );
    const got = await statusCounts(db, filters({ q: tag }));
    const truly = (await truth(db, sql`lower(product_name) like ${`%${tag.toLowerCase()}%`}`))!;
    expect(got.exact).toBe(false);
    expect(truly.total).toBe(1200);
    expect(got.counts.total).toBeGreaterThanOrEqual(1100);
    expect(got.counts.total).toBeLessThanOrEqual(1300);
    expect(got.counts.draft).toBeGreaterThanOrEqual(250);
    expect(got.counts.draft).toBeLessThanOrEqual(350);
  });
});
