/**
 * Issue 17: does moving PGlite to a worker thread help? Runs the same simulated server twice:
 * PGlite on the main thread (app/db/pglite.server.ts with PGLITE_WORKER=off), and PGlite owned by a
 * node:worker_threads Worker behind the app's proxy (app/db/pglite-worker.server.ts) that
 * drizzle-orm/pglite drives unchanged. Each simulated request is an uncached product page (the
 * loader's queries, copied from app/features/catalog/product.server.ts and
 * app/features/feedback/feedback.server.ts, on real slugs) followed by a fixed amount of
 * synchronous CPU work standing for React rendering; or an upvote (the real engagement_toggle
 * statement). It reports req/s, p50/p99 latency and CPU per mode, and the round trip of `select 1`.
 *
 *   npx tsx bench/pglite-worker.ts [--data-dir DIR] [--seconds 10] [--concurrency 50]
 *     [--render-ms 3,6.5] [--repeat 2] [--write-render-ms 0.5] [--skip-write]
 *
 * DIR holds a Toolnest database (DATA_DIR; the bench adds 200 users with upvotes and reviews to it);
 * without it a demo catalogue is seeded into a temporary directory. `--repeat` is the number of
 * back-to-back main/worker pairs; `taskset -c 0` in front pins both threads to one core.
 * Writes .tmp/bench-pglite-worker.json. Run it under `flock /tmp/toolnest-bench.lock`: it measures CPU.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PGlite, type Results } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { openDatabase, queryRows, type Database } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { intArray, textArray } from "../app/db/sql-arrays";
import { productCardColumns, queryCards } from "../app/domain/product-card.server";
import { publicProductAs, publicProductFilter } from "../app/domain/public-product.server";
import type { ProductCard } from "../app/domain/product-card";
import { sanitizeDescription } from "../app/lib/sanitize.server";
import { prepareDatabase } from "../server/database";
import { PgliteWorkerClient } from "../app/db/pglite-worker.server";

type Mode = "main" | "worker";

/** The part of PGlite that drizzle-orm/pglite's `db.execute` uses. */
interface QueryClient {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: "array" | "object" }): Promise<Results<T>>;
  close(): Promise<void>;
}

class MainClient implements QueryClient {
  private constructor(private readonly client: PGlite) {}
  static async open(pgDir: string) {
    // The options of app/db/pglite.server.ts.
    const client = new PGlite(pgDir, { extensions: { pg_trgm }, relaxedDurability: true });
    await client.waitReady;
    return new MainClient(client);
  }
  query<T>(text: string, params?: unknown[], options?: { rowMode?: "array" | "object" }) {
    return this.client.query<T>(text, params, options);
  }
  close() {
    return this.client.close();
  }
}

const openClient = (mode: Mode, pgDir: string): Promise<QueryClient> => (mode === "main" ? MainClient.open(pgDir) : PgliteWorkerClient.open(pgDir));

// ---------------------------------------------------------------------------------------------
// Stand-in for rendering: a fixed amount of work (not a fixed wall time), so a thread that loses
// its core takes longer, as a real render would.

let sink = 0;
function burn(iterations: number) {
  let x = sink | 1;
  // xorshift32: int32 operations only, so V8's optimised loop never bails out on an overflow.
  for (let i = 0; i < iterations; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  sink = x;
}

/**
 * Iterations of `burn` per millisecond on this machine, once V8 has optimised it. Runs before any
 * PGlite opens: V8's background threads then tier up PostgreSQL's WebAssembly for seconds, and the
 * loop's optimised code would arrive late, making every "ms" too small.
 */
async function calibrateBurn(): Promise<number> {
  const probe = 2_000_000;
  let best = Infinity;
  // The fastest of many: the optimised loop on an uncontended core (the work is then fixed).
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      burn(probe);
      best = Math.min(best, performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return probe / best;
}

// ---------------------------------------------------------------------------------------------
// The uncached product page's queries (copies of the app's SQL, so a cache the app adds later does
// not change what this measures).

interface ProductRow {
  id: number;
  description: string | null;
  tags: string[] | null;
  niches: { id: number }[] | null;
  subcategories: { id: number }[] | null;
}

function getPublicProduct(db: Database, slug: string) {
  return queryRows<ProductRow>(
    db,
    sql`select p.id, p.slug, p.product_name, p.headline, p.tagline, p.description, p.website_url, p.logo_url,
          p.video_url, p.pricing, p.tags, p.is_advertised, p.has_coupon, p.coupon_text, p.coupon_code, p.coupon_url,
          p.coupon_expiry_date, p.submitter_id, p.maker_comment, p.created_at, p.updated_at,
          s.upvotes, s.comments, s.bookmarks,
          (select json_agg(json_build_object('id', n.id, 'name', n.name, 'slug', n.slug) order by n.name)
             from product_niches pn join niches n on n.id = pn.niche_id and n.status = 'published'
             where pn.product_id = p.id) as niches,
          (select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by c.name)
             from product_subcategories ps join subcategories c on c.id = ps.subcategory_id and c.status = 'published'
             where ps.product_id = p.id) as subcategories,
          (select json_agg(json_build_object('id', pr.id, 'username', pr.username, 'avatar_url', pr.avatar_url, 'career', pr.career))
             from product_makers pm join profiles pr on pr.id = pm.profile_id
             where pm.product_id = p.id and pm.status = 'verified') as makers
        from products p join product_stats s on s.product_id = p.id
        where p.slug = ${slug} and ${publicProductFilter}`,
  );
}

/** The app memoises trending for a minute (memo.server.ts): one query per mode here too. */
let trendingMemo: Promise<ProductCard[]> | undefined;
function trending(db: Database, limit: number) {
  trendingMemo ??= queryCards(
    db,
    sql`select ${productCardColumns} from product_stats s join products p on p.id = s.product_id
        where ${publicProductFilter} order by s.upvotes desc, p.id limit ${limit}`,
  );
  return trendingMemo;
}

async function similarProducts(db: Database, product: { id: number; tags: string[]; niches: { id: number }[]; subcategories: { id: number }[] }, limit = 4) {
  const found: ProductCard[] = [];
  const exclude = () => intArray([product.id, ...found.map((p) => p.id)]);
  const CANDIDATES = 150;
  const candidates = [
    product.subcategories.length
      ? sql`select ps.product_id from product_subcategories ps where ps.subcategory_id = any(${intArray(product.subcategories.map((s) => s.id))}) limit ${CANDIDATES}`
      : null,
    product.tags.length ? sql`select c.id from products c where c.tags && ${textArray(product.tags)} and ${publicProductAs("c")} limit ${CANDIDATES}` : null,
    product.niches.length
      ? sql`select pn.product_id from product_niches pn where pn.niche_id = any(${intArray(product.niches.map((n) => n.id))}) limit ${CANDIDATES}`
      : null,
  ];
  for (const candidateIds of candidates) {
    if (!candidateIds || found.length >= limit) continue;
    const rows = await queryCards(
      db,
      sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
          where p.id in (${candidateIds}) and ${publicProductFilter} and not (p.id = any(${exclude()}))
          order by s.upvotes desc, p.id limit ${limit - found.length}`,
    );
    found.push(...rows);
  }
  if (found.length < limit) {
    const top = (await trending(db, 10)).filter((p) => p.id !== product.id && !found.some((f) => f.id === p.id));
    found.push(...top.slice(0, limit - found.length));
  }
  return found;
}

function firstUpvoters(db: Database, productId: number) {
  return queryRows(
    db,
    sql`select pr.id, pr.username, pr.avatar_url from product_upvotes u join profiles pr on pr.id = u.user_id
        where u.product_id = ${productId} order by u.created_at, u.id limit 5`,
  );
}

const visibleFeedback = sql`f.hidden_at is null and not exists (select 1 from "user" su where su.id = f.user_id and su.suspended_at is not null)`;
const feedbackColumns = sql`f.id, f.parent_id, f.comment, f.rating, f.created_at, f.user_id, pr.username, pr.avatar_url, pr.career`;

async function productFeedback(db: Database, productId: number) {
  const counts = await queryRows(
    db,
    sql`select f.rating, count(*)::int as n from product_feedback f
        where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback} group by f.rating`,
  );
  const reviews = counts.length
    ? await queryRows<{ id: number }>(
        db,
        sql`select ${feedbackColumns} from product_feedback f left join profiles pr on pr.id = f.user_id
            where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback}
            order by f.created_at desc, f.id desc limit 5`,
      )
    : [];
  if (reviews.length) {
    await queryRows(
      db,
      sql`select ${feedbackColumns} from product_feedback f left join profiles pr on pr.id = f.user_id
          where f.parent_id = any(${intArray(reviews.map((r) => Number(r.id)))}) and ${visibleFeedback}
          order by f.created_at, f.id`,
    );
  }
}

/** The write of an upvote or its withdrawal, as app/features/engagement/engagement.server.ts sends it (no rate limits). */
function upvote(db: Database, userId: string, productId: number, on: boolean) {
  return queryRows(
    db,
    sql`select status, changed, total, retry_after from engagement_toggle(
          ${"upvote"}, ${productId}, ${userId}, ${on}, ${textArray([])}, ${intArray([])}, ${60})`,
  );
}

/** The product loader's sequence (product, then similar + upvoters together, then feedback), then "rendering". */
async function productPage(db: Database, slug: string, renderIterations: number) {
  const [row] = await getPublicProduct(db, slug);
  if (!row) throw new Error(`no live product ${slug}`);
  sanitizeDescription(row.description ?? "");
  const product = { id: Number(row.id), tags: row.tags ?? [], niches: row.niches ?? [], subcategories: row.subcategories ?? [] };
  await Promise.all([similarProducts(db, product), firstUpvoters(db, product.id)]);
  await productFeedback(db, product.id);
  burn(renderIterations);
}

// ---------------------------------------------------------------------------------------------

interface Run {
  scenario: string;
  mode: Mode;
  pinnedToOneCore: boolean;
  renderMs: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Process CPU (all threads) per second of wall time: 1.0 = one core busy. */
  cpuCores: number;
  cpuMsPerRequest: number;
  /** CPU per request of the main thread, and of the other threads (the worker's PGlite, helpers). */
  mainThreadCpuMsPerRequest: number;
  otherThreadsCpuMsPerRequest: number;
  /**
   * Derived, not measured: the req/s this process could serve with a core per thread, its busiest
   * thread being the limit (1000 / the larger CPU ms per request). On a busy machine the measured
   * req/s mostly shows how much CPU the other processes left.
   */
  capacityRps: number;
  /** Share of wall time each thread's event loop was busy (performance.eventLoopUtilization). */
  mainThreadBusy: number;
  workerThreadBusy: number | null;
  loadavg: string;
}

/**
 * CPU time of this process's threads from /proc (Linux; clock ticks of 10 ms): the main thread
 * (its id is the process id) and all the others (the PGlite worker, and libuv's and V8's helpers).
 */
function threadCpuMs(): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync("/proc/self/task")) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime
    if (Number(tid) === process.pid) main += ms;
    else others += ms;
  }
  return { main, others };
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").trim().split(" ").slice(0, 3).join(" ");

/** Closed loop: `concurrency` simulated clients, each starting its next request when the last ends. */
async function drive(seconds: number, concurrency: number, request: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let counter = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await request(counter++);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

async function measure(
  options: { scenario: string; mode: Mode; pgDir: string; seconds: number; concurrency: number; renderMs: number; pinnedToOneCore: boolean },
  request: (db: Database, i: number) => Promise<unknown>,
): Promise<Run> {
  const client = await openClient(options.mode, options.pgDir);
  const db = drizzle(client as never) as unknown as Database;
  trendingMemo = undefined;
  try {
    await drive(Math.min(3, options.seconds), options.concurrency, (i) => request(db, i)); // warm-up: caches, JIT
    const worker = client instanceof PgliteWorkerClient ? client.worker : null;
    const elu = performance.eventLoopUtilization();
    const workerElu = worker?.performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    const threads = threadCpuMs();
    const started = performance.now();
    const latencies = await drive(options.seconds, options.concurrency, (i) => request(db, i));
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const threadsAfter = threadCpuMs();
    latencies.sort((a, b) => a - b);
    return {
      scenario: options.scenario,
      mode: options.mode,
      pinnedToOneCore: options.pinnedToOneCore,
      renderMs: options.renderMs,
      requests: latencies.length,
      rps: round((latencies.length / wall) * 1000, 1),
      p50: round(percentile(latencies, 0.5), 1),
      p99: round(percentile(latencies, 0.99), 1),
      cpuCores: round(cpuMs / wall),
      cpuMsPerRequest: round(cpuMs / latencies.length),
      mainThreadCpuMsPerRequest: round((threadsAfter.main - threads.main) / latencies.length),
      otherThreadsCpuMsPerRequest: round((threadsAfter.others - threads.others) / latencies.length),
      capacityRps: round(1000 / (Math.max(threadsAfter.main - threads.main, threadsAfter.others - threads.others) / latencies.length), 0),
      mainThreadBusy: round(performance.eventLoopUtilization(elu).utilization),
      workerThreadBusy: worker && workerElu ? round(worker.performance.eventLoopUtilization(workerElu).utilization) : null,
      loadavg: loadavg(),
    };
  } finally {
    await client.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Other processes' load comes and goes within seconds, so each main-thread run is compared with the
 * worker run next to it (runs are recorded in pairs) and the median of those ratios is reported.
 */
function summarizePairs(runs: Run[]) {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const key = `${run.scenario}|${run.renderMs}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => {
    const ratios: number[] = [];
    for (let i = 0; i + 1 < group.length; i += 2) {
      const main = group.slice(i, i + 2).find((r) => r.mode === "main")!;
      const worker = group.slice(i, i + 2).find((r) => r.mode === "worker")!;
      ratios.push(round(worker.rps / main.rps));
    }
    const capacity = (mode: Mode) => round(median(group.filter((r) => r.mode === mode).map((r) => r.capacityRps)), 0);
    return {
      scenario: group[0]!.scenario,
      renderMs: group[0]!.renderMs,
      ratios,
      medianRatio: round(median(ratios)),
      capacityMain: capacity("main"),
      capacityWorker: capacity("worker"),
    };
  });
}

/** `select 1` one at a time: what a query costs on its way in and out, per mode. */
async function roundTrip(mode: Mode, pgDir: string, count: number) {
  const client = await openClient(mode, pgDir);
  try {
    for (let i = 0; i < 500; i++) await client.query("select 1");
    const samples: number[] = [];
    const cpu = process.cpuUsage();
    const threads = threadCpuMs();
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await client.query("select 1");
      samples.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    const threadsAfter = threadCpuMs();
    samples.sort((a, b) => a - b);
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    return {
      mode,
      count,
      meanUs: round(mean * 1000, 1),
      p50Us: round(percentile(samples, 0.5) * 1000, 1),
      p99Us: round(percentile(samples, 0.99) * 1000, 1),
      /** CPU per query, all threads and the main thread alone (what the query takes from rendering). */
      cpuUs: round(((used.user + used.system) / count), 1),
      mainThreadCpuUs: round(((threadsAfter.main - threads.main) * 1000) / count, 1),
      loadavg: loadavg(),
    };
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------------------------------------

/** Users with upvotes and reviews, so the upvoters and feedback queries find rows as on a live site. */
async function prepareBenchData(pgDir: string) {
  const client = await MainClient.open(pgDir);
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "user" where id like 'pgw-bench-%'`);
    if (rows[0]!.n === 0) {
      await client.query(`insert into "user" (id, name, email) select 'pgw-bench-' || g, 'Bench ' || g, 'pgw-bench-' || g || '@example.com' from generate_series(1, 200) g`);
      await client.query(`insert into profiles (id, username) select id, replace(id, '-', '') from "user" where id like 'pgw-bench-%' on conflict do nothing`);
      // Most products get a few upvotes and about one in four a few reviews (deterministic picks).
      await client.query(`insert into product_upvotes (product_id, user_id)
        select p.id, 'pgw-bench-' || (1 + (p.id * 7 + k * 13) % 200) from products p, generate_series(1, 6) k
        where p.status = 'live' and p.type = 'product' and p.id % 5 <> 0 on conflict do nothing`);
      await client.query(`insert into product_feedback (product_id, user_id, comment, rating)
        select p.id, 'pgw-bench-' || (1 + (p.id * 11 + k * 17) % 200), 'A review from the benchmark, number ' || k, 1 + (p.id + k) % 5
        from products p, generate_series(1, 3) k where p.status = 'live' and p.type = 'product' and p.id % 4 = 0`);
    }
    const slugs = await client.query<{ slug: string }>(`select slug from products where status = 'live' and type = 'product' order by md5(slug) limit 1000`);
    const productIds = await client.query<{ id: number }>(`select id from products where status = 'live' and type = 'product' order by id limit 1000`);
    return { slugs: slugs.rows.map((r) => r.slug), productIds: productIds.rows.map((r) => Number(r.id)) };
  } finally {
    await client.close();
  }
}

async function seedDemo(dataDir: string) {
  const handle = await openDatabase({ dataDir, purpose: "bench" });
  await prepareDatabase(handle, { seed: true, log: console.log });
  await handle.close();
  setDatabase(undefined);
}

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

async function main() {
  const perMs = await calibrateBurn();
  const seconds = Number(option("seconds", "10"));
  const concurrency = Number(option("concurrency", "50"));
  const renderMsList = option("render-ms", "3,6.5").split(",").map(Number);
  const writeRenderMs = Number(option("write-render-ms", "0.5"));
  const repeat = Number(option("repeat", "2"));
  const skipWrite = process.argv.includes("--skip-write");
  let dataDir = option("data-dir", "");
  let temporary = false;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-pglite-worker-"));
    temporary = true;
    await seedDemo(dataDir);
  }
  const pgDir = path.join(dataDir, "pgdata");
  const pinned = (() => {
    // taskset -c 0: both threads share one core, which shows the proxy's cost without the second core's help.
    const mask = fs.readFileSync("/proc/self/status", "utf8").match(/Cpus_allowed_list:\s*(\S+)/)?.[1] ?? "";
    return /^\d+$/.test(mask);
  })();

  try {
    const { slugs, productIds } = await prepareBenchData(pgDir);
    console.log(`${slugs.length} slugs; burn calibrated at ${Math.round(perMs)} iterations/ms; cores allowed: ${pinned ? 1 : os.availableParallelism()}; load ${loadavg()}`);

    const roundTrips = [];
    for (const mode of ["main", "worker"] as const) {
      const result = await roundTrip(mode, pgDir, 20_000);
      console.log(`select 1 round trip, ${mode}: mean ${result.meanUs} µs, p50 ${result.p50Us} µs, p99 ${result.p99Us} µs; CPU ${result.cpuUs} µs, main thread ${result.mainThreadCpuUs} µs (load ${result.loadavg})`);
      roundTrips.push(result);
    }

    const runs: Run[] = [];
    const report = (run: Run) => {
      runs.push(run);
      console.log(
        `${run.scenario} render ${run.renderMs} ms, ${run.mode}${run.pinnedToOneCore ? " (one core)" : ""}: ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
          `CPU ${run.cpuCores} cores (${run.cpuMsPerRequest} ms/req: main ${run.mainThreadCpuMsPerRequest}, others ${run.otherThreadsCpuMsPerRequest}; capacity ${run.capacityRps} req/s), main busy ${run.mainThreadBusy}, worker busy ${run.workerThreadBusy ?? "-"} (load ${run.loadavg})`,
      );
    };
    const common = { pgDir, seconds, concurrency, pinnedToOneCore: pinned };
    for (const renderMs of renderMsList) {
      const iterations = Math.round(renderMs * perMs);
      for (let r = 0; r < repeat; r++) {
        // Alternate the order, so a drift in the machine's load does not favour one mode.
        for (const mode of r % 2 === 0 ? (["main", "worker"] as const) : (["worker", "main"] as const)) {
          report(await measure({ ...common, scenario: "product page (uncached)", mode, renderMs }, (db, i) => productPage(db, slugs[i % slugs.length]!, iterations)));
        }
      }
    }
    const writeIterations = Math.round(writeRenderMs * perMs);
    for (let r = 0; r < (skipWrite ? 0 : repeat); r++) {
      for (const mode of r % 2 === 0 ? (["main", "worker"] as const) : (["worker", "main"] as const)) {
        // An upvote toggle (one engagement_toggle statement), then the small JSON answer.
        report(
          await measure({ ...common, scenario: "upvote toggle (write)", mode, renderMs: writeRenderMs }, async (db, i) => {
            await upvote(db, `pgw-bench-${1 + (i % 200)}`, productIds[(i * 7) % productIds.length]!, Math.floor(i / 200) % 2 === 0);
            burn(writeIterations);
          }),
        );
      }
    }

    const summary = summarizePairs(runs);
    for (const line of summary) {
      console.log(
        `${line.scenario} render ${line.renderMs} ms: worker/main req/s per back-to-back pair ${line.ratios.join(", ")}; median ${line.medianRatio}; ` +
          `capacity ${line.capacityMain} -> ${line.capacityWorker} req/s`,
      );
    }
    fs.mkdirSync(".tmp", { recursive: true });
    const out = path.resolve(`.tmp/bench-pglite-worker${pinned ? "-one-core" : ""}.json`);
    fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), concurrency, seconds, roundTrips, summary, runs }, null, 2));
    console.log(`Wrote ${out}`);
  } finally {
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
