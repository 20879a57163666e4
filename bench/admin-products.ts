/**
 * Manage Products at scale (issue 12, decision 037): any page and filter combination with its
 * status counts (target p95 <= 30 ms on PostgreSQL with 1M products, <= 60 ms on PGlite with 100k),
 * and bulk actions on 1,000 products (target <= 1 s). Runs on the synthetic catalogue of run.ts.
 *
 * Alone, on a fresh PGlite catalogue: `npx tsx bench/admin-products.ts --products 20000`
 * (add `--pg` to use DATABASE_URL or the local PostgreSQL in a scratch database).
 * `--keep <name>` keeps (and reuses) the PostgreSQL database `toolnest_bench_<name>` instead of a
 * scratch one, so a second run measures without seeding again (each run's bulk delete removes
 * 3,000 more products). `--only <text>` times only the cases whose label contains the text;
 * `--skip-bulk` leaves the bulk actions out.
 */
import os from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { setDatabase } from "../app/db/registry.server";
import { bulkDelete, bulkRemap, bulkSetStatus } from "../app/features/admin-products/mutations.server";
import { clearAnchors } from "../app/features/admin-products/queries/anchors.server";
import { DEFAULT_FILTERS, PAGE_SIZE, type ProductFilters } from "../app/features/admin-products/admin-products";
import { statusCounts } from "../app/features/admin-products/queries/counts.server";
import { listAdminProducts } from "../app/features/admin-products/queries/list.server";
import { placeInTaxonomy } from "./catalog-scale";
import { openKeptDatabase, openScratchDatabase } from "./scratch-database";
import { generateSyntheticCatalog } from "./synthetic-catalog";
import { summarize, timeMany, type Timing } from "./stats";

const BULK_SIZE = 1000;

/** The synthetic catalogue has no ads or coupons: give 1 product in 200 an ad and 1 in 50 a coupon. */
export async function addAdsAndCoupons(db: Database) {
  await db.execute(sql`update products set is_advertised = true, ad_start_date = created_at, ad_end_date = created_at + interval '60 days'
                        where id % 200 = 0`);
  await db.execute(sql`update products set has_coupon = true, coupon_code = 'SAVE10' where id % 50 = 7`);
  await db.execute(sql`vacuum analyze products`);
  // The niche/subcategory link mirror (migration 0021) was filled by triggers during the load; autovacuum would
  // set its visibility map later, the bench does it now (index-only scans need it).
  await db.execute(sql`vacuum analyze admin_product_links`);
  // The same for the link tables themselves (a niche besides a subcategory is checked on product_niches' key).
  await db.execute(sql`vacuum analyze product_niches`);
  await db.execute(sql`vacuum analyze product_subcategories`);
}

async function bulkTimings(db: Database, log: (line: string) => void): Promise<Timing[]> {
  const actor = `bench-admin-${Date.now().toString(36)}`;
  await db.execute(sql`insert into "user" (id, name, email) values (${actor}, 'Bench admin', ${`${actor}@example.com`})`);
  const admin = { id: actor, email: `${actor}@example.com` };
  const pick = async (where: ReturnType<typeof sql>, offset: number) =>
    (await queryRows<{ id: number }>(db, sql`select id from products where type = 'product' and ${where} order by id offset ${offset} limit ${BULK_SIZE}`)).map(
      (r) => r.id,
    );
  const [niche] = await queryRows<{ id: number }>(db, sql`select niche_id as id from niche_subcategories group by niche_id order by count(*) desc limit 1`);
  const subs = (await queryRows<{ id: number }>(db, sql`select subcategory_id as id from niche_subcategories where niche_id = ${niche!.id} limit 2`)).map((r) => r.id);
  const timings: Timing[] = [];
  const once = async (op: string, run: () => Promise<unknown>, runs = 3) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    timings.push(summarize(op, samples));
    log(`  ${op}: ${samples.map((s) => Math.round(s)).join(", ")} ms`);
  };
  const live = await pick(sql`status = 'live'`, 5000);
  await once(`bulk draft, ${BULK_SIZE} products`, async () => {
    await bulkSetStatus(db, admin, "draft", live);
    await bulkSetStatus(db, admin, "publish", live); // back, so each run changes every row
  });
  timings[timings.length - 1] = { ...timings[timings.length - 1]!, op: `bulk draft + publish back, ${BULK_SIZE} products (2 actions)` };
  await once(`bulk remap, ${BULK_SIZE} products`, () => bulkRemap(db, admin, live, niche!.id, subs));
  let offset = 20_000;
  await once(`bulk delete, ${BULK_SIZE} products`, async () => {
    await bulkDelete(db, admin, await pick(sql`status = 'live'`, (offset += BULK_SIZE)));
  });
  return timings;
}

/** Times the list with its counts over filter combinations and pages, then the bulk actions. */
export async function runAdminProductsBench(
  db: Database,
  { iterations = 200, log = (_: string) => {}, prepare = true, only = "", bulk = true } = {},
): Promise<Timing[]> {
  if (prepare) await addAdsAndCoupons(db);
  const niches = await queryRows<{ id: number }>(db, sql`select niche_id as id from product_niches group by niche_id order by count(*) desc limit 5`);
  const subs = await queryRows<{ id: number }>(db, sql`select subcategory_id as id from product_subcategories group by subcategory_id order by count(*) desc limit 10`);
  const words = ["flow", "ra", "hub", "notes", "ko", "sync", "st", "lab"];
  const all = await statusCounts(db, DEFAULT_FILTERS);
  const pages = Math.max(1, Math.ceil(all.counts.total / PAGE_SIZE));
  const f = (over: Partial<ProductFilters>): ProductFilters => ({ ...DEFAULT_FILTERS, ...over });
  const at = <T>(list: T[], i: number) => list[i % list.length]!;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  const nichePages = Math.max(1, Math.ceil((await statusCounts(db, f({ niche: niches[0]!.id }))).counts.total / PAGE_SIZE));
  const cases: [string, (i: number) => ProductFilters][] = [
    ["all, page 1", () => f({})],
    ["all, page 50", () => f({ page: 50 })],
    ["all, middle page", () => f({ page: Math.ceil(pages / 2) })],
    ["all, last page", () => f({ page: pages })],
    ["all, random page", (i) => f({ page: 1 + ((i * 7919) % pages) })],
    ["status draft, page 1", () => f({ status: "draft" })],
    ["status ads, page 1", () => f({ status: "ads" })],
    ["published + premium + coupon", () => f({ status: "published", pricing: "premium", coupon: "yes" })],
    ["pricing free, page 200", () => f({ pricing: "free", page: 200 })],
    ["search by name", (i) => f({ q: at(words, i) })],
    ["search by name + draft", (i) => f({ q: at(words, i), status: "draft" })],
    ["created last 30 days", () => f({ from: day(30) })],
    ["created last 30 days, page 40", () => f({ from: day(30), page: 40 })],
    ["niche, page 1", (i) => f({ niche: at(niches, i).id })],
    ["niche, page 100", (i) => f({ niche: at(niches, i).id, page: 100 })],
    ["largest niche, random page", (i) => f({ niche: niches[0]!.id, page: 1 + ((i * 7919) % nichePages) })],
    ["subcategory + draft, last page", (i) => f({ subcategory: at(subs, i).id, status: "draft", page: 1_000_000 })],
    ["subcategory, page 1", (i) => f({ subcategory: at(subs, i).id })],
    ["niche + pricing + 1 year", (i) => f({ niche: at(niches, i).id, pricing: "freemium", from: day(365) })],
    ["niche + subcategory + search", (i) => f({ niche: at(niches, i).id, subcategory: at(subs, i).id, q: at(words, i) })],
  ];
  const timings: Timing[] = [];
  const time = async (label: string, n: number, run: (i: number) => Promise<unknown>) => {
    if (!label.includes(only)) return;
    const t = await timeMany(`admin list: ${label}`, n, run);
    timings.push(t);
    log(`  ${t.op}: p50 ${t.p50} ms, p95 ${t.p95} ms`);
  };
  for (const [label, filters] of cases) await time(label, iterations, (i) => listAdminProducts(db, filters(i)));
  // The worst case for a deep page: its anchors dropped (as after any products write), so the request
  // walks the index up to its page once (later pages of the same view seek from the anchors it leaves).
  const cold = Math.max(1, Math.min(iterations, 20));
  await time("all, middle page, anchors cold", cold, () => {
    clearAnchors();
    return listAdminProducts(db, f({ page: Math.ceil(pages / 2) }));
  });
  await time("largest niche, middle page, anchors cold", cold, () => {
    clearAnchors();
    return listAdminProducts(db, f({ niche: niches[0]!.id, page: Math.ceil(nichePages / 2) }));
  });
  // The first deep page after a real write (a product's status changed and changed back, as an
  // admin's edit does): what a user sees, whatever the anchors do with the write.
  // A product of the largest niche: its status change is a write to both views.
  const [victim] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p join product_niches pn on pn.product_id = p.id and pn.niche_id = ${niches[0]!.id}
         where p.type = 'product' and p.status = 'live' order by p.id limit 1`,
  );
  // Only the page is timed (not the write).
  for (const [label, view] of [
    ["all, middle page, first after a write", (i: number) => f({ page: Math.ceil(pages / 2) + (i % 3) })],
    ["largest niche, middle page, first after a write", (i: number) => f({ niche: niches[0]!.id, page: Math.ceil(nichePages / 2) + (i % 3) })],
  ] as const) {
    if (!victim || !label.includes(only)) continue;
    const samples: number[] = [];
    for (let i = 0; i < cold + 2; i++) {
      await db.execute(sql`update products set status = ${i % 2 ? "live" : "draft"} where id = ${victim.id}`);
      const started = performance.now();
      await listAdminProducts(db, view(i));
      if (i >= 2) samples.push(performance.now() - started); // two warm-ups
    }
    const t = summarize(`admin list: ${label}`, samples);
    timings.push(t);
    log(`  ${t.op}: p50 ${t.p50} ms, p95 ${t.p95} ms`);
  }
  if (victim) await db.execute(sql`update products set status = 'live' where id = ${victim.id}`);
  // `--only bulk` (or no --only) runs the bulk actions.
  if (bulk && "bulk".includes(only)) timings.push(...(await bulkTimings(db, log)));
  return timings;
}

/* ------------------------------------------------------------------ run alone */

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "20000" },
      pg: { type: "boolean", default: false },
      keep: { type: "string" },
      iterations: { type: "string", default: "100" },
      only: { type: "string", default: "" },
      "skip-bulk": { type: "boolean", default: false },
    },
  });
  const log = (line: string) => console.log(line);
  const { handle, cleanup } = values.keep ? await openKeptDatabase(values.keep) : await openScratchDatabase("admin-bench", values.pg === true);
  try {
    setDatabase(handle);
    await handle.migrate();
    const [seeded] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from (select 1 from products limit 1) x`);
    if (!seeded?.n) {
      await generateSyntheticCatalog(handle.db, Number(values.products), { log });
      await placeInTaxonomy(handle.db, log);
      await addAdsAndCoupons(handle.db);
    } else if (values.keep) {
      // A kept database may have just run a migration that rewrote the link mirror: set its visibility
      // map now (index-only scans need it; autovacuum would, later). Cheap when nothing changed.
      await handle.db.execute(sql`vacuum analyze admin_product_links`);
      await handle.db.execute(sql`vacuum analyze products`);
      await handle.db.execute(sql`vacuum analyze product_niches`);
    }
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from products`);
    const onPg = values.pg === true || values.keep !== undefined;
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
    console.log(`\nManage Products, ${count!.n.toLocaleString()} products (${onPg ? "PostgreSQL" : "PGlite"}), load average ${load()}`);
    const timings = await runAdminProductsBench(handle.db, {
      iterations: Number(values.iterations),
      log,
      prepare: false,
      only: values.only,
      bulk: !values["skip-bulk"],
    });
    console.log(`load average at the end ${load()}`);
    console.table(timings.map((t) => ({ operation: t.op, n: t.n, "p50 ms": t.p50, "p95 ms": t.p95, "max ms": t.max })));
  } finally {
    setDatabase(undefined);
    await cleanup();
  }
}
