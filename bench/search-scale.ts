/**
 * Search at catalogue scale: fills a scratch database with synthetic products and times
 * searchProducts over a realistic mix of queries.
 *
 *   npx tsx bench/search-scale.ts --products 100000            # PGlite in a temp dir
 *   npx tsx bench/search-scale.ts --products 1000000 --postgres # scratch database toolnest_bench_search
 *
 * Options: --queries N (default 1000), --seed N, --keep (leave the data behind), --reuse (PGlite:
 * --data-dir DIR; PostgreSQL: the existing scratch database, when it already holds the products),
 * --as-inserted (load without rebuilding indexes, vacuuming or analysing, as a live app would).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { searchProducts } from "../app/features/search/search.server";
import { assertLocalDatabaseUrl, withDatabase } from "../tests/setup/local-database";

/* ------------------------------------------------------------ Word lists (deterministic) */

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REAL_WORDS = `app tool open source data team free cloud manage project simple fast web mobile platform
  easy code design work build create online service share file note task chat video image user api
  developer secure private track plan write edit search sync backup password manager kanban board
  email calendar analytics dashboard form survey chart map music photo game learn course community
  market sales customer support ticket invoice budget finance money bank crypto wallet trade stock
  health fitness habit focus time timer pomodoro journal diary wiki docs knowledge base bookmark read
  news feed blog publish newsletter social media post schedule automation workflow integrate plugin
  extension browser desktop terminal editor ide git deploy server database query monitor log alert
  error test debug performance security privacy encryption vpn firewall network domain hosting
  website landing page template theme icon font color illustration mockup prototype wireframe ui ux
  collaboration remote meeting whiteboard screen record voice translate language ai assistant model
  generate summarize prompt agent bot scrape crawl spreadsheet table list todo reminder contact crm
  hiring resume job career interview portfolio freelance invoice contract legal sign document pdf
  convert compress upload download storage photo gallery stream podcast audio sound recipe travel`
  .split(/\s+/)
  .filter(Boolean);

const ONSETS = "b c d f g h j k l m n p r s t v w z br cl dr fl gr kr pl pr sk sl sn sp st tr ch sh th qu".split(" ");
const VOWELS = "a e i o u a e o ai ea io ou y".split(" ");
const CODAS = "n r s t l x m k ck nt st sh ng ly".split(" ");
const SUFFIXES = "Hub Flow Notes AI Sync Desk Labs Cloud Pad Kit Base Box Board Mail Docs Stack Studio Works".split(" ");

export interface Vocabulary {
  /** Ranked by frequency: index 0 is the most common word. */
  words: string[];
  tags: string[];
}

/** 2,000 words (real ones and pronounceable made-up ones, shuffled) and 2,000 tags. */
export function vocabulary(seed = 1): Vocabulary {
  const random = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const syllable = () => pick(ONSETS) + pick(VOWELS) + (random() < 0.4 ? pick(CODAS) : "");
  const words = new Set(REAL_WORDS);
  while (words.size < 2000) words.add(syllable() + syllable() + (random() < 0.3 ? syllable() : ""));
  const ranked = [...words];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  const tags = new Set(REAL_WORDS.slice(0, 150));
  while (tags.size < 2000) tags.add(`${pick(ranked)}-${pick(ranked.slice(0, 400))}`);
  return { words: ranked, tags: [...tags] };
}

/* ------------------------------------------------------------------------ Generation */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Bulk-inserts n synthetic products in SQL (generate_series), ~90% live: names from a syllable
 * generator (some with a real-word suffix), taglines and descriptions drawn from the vocabulary
 * with a Zipf-like frequency, 1-6 tags each, created over two years, heavy-tailed upvotes.
 * With maintenance (the default), secondary indexes on products are dropped during the load and
 * rebuilt after it, then the tables are vacuumed and analysed; without, rows arrive as an app
 * would insert them (indexes maintained row by row, no VACUUM or ANALYZE).
 */
export async function generateSyntheticCatalog(
  db: Database,
  n: number,
  { seed = 1, batch = 25_000, maintenance = true, log = (_: string) => {} } = {},
) {
  const vocab = vocabulary(seed);
  const lists = JSON.stringify({ w: vocab.words, t: vocab.tags, o: ONSETS, v: VOWELS, c: CODAS, s: SUFFIXES });
  const indexes = maintenance
    ? await queryRows<{ name: string; def: string }>(
        db,
        sql`select i.indexname as name, i.indexdef as def from pg_indexes i
            where i.tablename = 'products' and i.schemaname = current_schema()
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    : [];
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const started = performance.now();
  for (let from = 1; from <= n; from += batch) {
    const to = Math.min(n, from + batch - 1);
    await db.transaction(async (tx) => {
      const [{ before } = { before: 0 }] = await queryRows<{ before: number }>(
        tx,
        sql`select coalesce(max(id), 0)::int as before from products`,
      );
      await tx.execute(sql`select setseed(${((seed * 7919 + from) % 1_000_003) / 1_000_003})`);
      await insertBatch(tx, lists, before + 1, before + to - from + 1);
      await tx.execute(sql`update product_stats s
          set upvotes = floor(exp(power(random(), 2) * ln(20001)))::int - 1
          where s.product_id > ${before}`);
    });
    log(`  ${to.toLocaleString()} / ${n.toLocaleString()} products (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  for (const index of indexes) {
    const t = performance.now();
    await db.execute(sql.raw(index.def));
    log(`  index ${index.name}: ${Math.round(performance.now() - t)} ms`);
  }
  if (maintenance) {
    await db.execute(sql`vacuum analyze products`);
    await db.execute(sql`vacuum analyze product_stats`);
  }
}

async function insertBatch(tx: Tx, lists: string, from: number, to: number) {
  // Each subquery mentions g so that it runs once per product; each aggregate mentions k so that
  // it aggregates its own subquery's rows.
  await tx.execute(sql`
    with l as (select ${lists}::jsonb as j),
    w as (select
      array(select jsonb_array_elements_text(j->'w')) as w, array(select jsonb_array_elements_text(j->'t')) as t,
      array(select jsonb_array_elements_text(j->'o')) as o, array(select jsonb_array_elements_text(j->'v')) as v,
      array(select jsonb_array_elements_text(j->'c')) as c, array(select jsonb_array_elements_text(j->'s')) as s
      from l)
    insert into products (product_name, slug, tagline, headline, description, tags, status, type, pricing,
                          website_url, created_at, updated_at)
    select x.name, 'bench-' || g || '-' || lower(regexp_replace(x.name, '[^A-Za-z0-9]+', '-', 'g')),
      x.tagline, case when random() < 0.3 then x.tagline end, x.description, x.tags,
      case when x.r < 0.90 then 'live' when x.r < 0.93 then 'draft' when x.r < 0.96 then 'pending'
           when x.r < 0.98 then 'rejected' else 'deleted' end,
      case when random() < 0.02 then 'suggestion' else 'product' end,
      (array['free', 'freemium', 'premium', 'paid', 'subscription'])[1 + floor(random() * 5)::int],
      'https://bench-' || g || '.example.com', x.created_at, x.created_at
    from w, generate_series(${from}::int, ${to}::int) g
    cross join lateral (select
      (select initcap(string_agg(w.o[1 + floor(random() * array_length(w.o, 1))::int + 0 * k]
                                 || w.v[1 + floor(random() * array_length(w.v, 1))::int]
                                 || case when random() < 0.4 then w.c[1 + floor(random() * array_length(w.c, 1))::int] else '' end, ''))
         from generate_series(1, 2 + floor(random() * 2)::int + 0 * g) k)
        || case when random() < 0.25 then ' ' || w.s[1 + floor(random() * array_length(w.s, 1))::int]
                when random() < 0.1 then ' ' || initcap(w.w[floor(exp(random() * ln(2001)))::int]) else '' end as name,
      (select initcap(string_agg(w.w[floor(exp(random() * ln(2001)))::int + 0 * k], ' '))
         from generate_series(1, 4 + floor(random() * 6)::int + 0 * g) k) as tagline,
      (select string_agg(w.w[floor(exp(random() * ln(2001)))::int + 0 * k], ' ')
         from generate_series(1, 25 + floor(random() * 50)::int + 0 * g) k) as description,
      array(select distinct w.t[floor(exp(random() * ln(2001)))::int]
         from generate_series(1, 1 + floor(random() * 6)::int + 0 * g)) as tags,
      random() as r,
      now() - random() * interval '730 days' as created_at) x`);
}

/* ---------------------------------------------------------------------------- Queries */

const ODD_QUERIES = ["%", "_", "'", '"', "'; drop table products; --", "a:*|b", "!()&", "🔥🚀", "x".repeat(10_000), "   ", "\\", "<->", "ñandú café"];

function typo(name: string, random: () => number) {
  const s = name.toLowerCase();
  const i = 1 + Math.floor(random() * (s.length - 2));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  if (kind === 1) return s.slice(0, i) + s.slice(i + 1);
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(random() * 26)];
  return kind === 2 ? s.slice(0, i) + letter + s.slice(i + 1) : s.slice(0, i) + letter + s.slice(i);
}

export interface BenchQuery {
  kind: "exact" | "typo" | "prefix" | "common" | "rare" | "phrase" | "odd";
  q: string;
  /** For exact and typo queries: the name the searcher means. */
  target?: string;
}

export async function buildQueryMix(db: Database, count: number, seed = 1): Promise<BenchQuery[]> {
  const random = prng(seed + 1);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const names = (
    await queryRows<{ product_name: string }>(
      db,
      sql`(select p.product_name from products p join product_stats s on s.product_id = p.id
           where p.status = 'live' and p.type = 'product' order by s.upvotes desc limit 300)
          union all
          (select product_name from products where status = 'live' and type = 'product'
           order by md5(id::text || ${String(seed)}) limit 700)`,
    )
  ).map((r) => r.product_name);
  const { words } = vocabulary(seed);
  const mix: BenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random();
    const name = pick(names);
    if (roll < 0.25) mix.push({ kind: "exact", q: random() < 0.5 ? name : name.toLowerCase(), target: name });
    else if (roll < 0.4 && name.length >= 5) mix.push({ kind: "typo", q: typo(name, random), target: name });
    else if (roll < 0.55) mix.push({ kind: "prefix", q: name.toLowerCase().slice(0, 3 + Math.floor(random() * 4)) });
    else if (roll < 0.7) mix.push({ kind: "common", q: pick(words.slice(0, 40)) });
    else if (roll < 0.8) mix.push({ kind: "rare", q: pick(words.slice(1000)) });
    else if (roll < 0.93) mix.push({ kind: "phrase", q: `${pick(words.slice(0, 300))} ${pick(words.slice(0, 1500))}` });
    else mix.push({ kind: "odd", q: pick(ODD_QUERIES) });
  }
  return mix;
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0) };
}

/** Times searchProducts (through getDb(), which must be this database) over the query mix. */
export async function runSearchBench(db: Database, { queries = 1000, seed = 1 }: { queries?: number; seed?: number } = {}) {
  const mix = await buildQueryMix(db, queries, seed);
  for (const item of mix.slice(0, 30)) await searchProducts(item.q);
  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  const slowest: { q: string; kind: string; ms: number }[] = [];
  let exactFirst = 0, exactTotal = 0, typoTop5 = 0, typoTotal = 0;
  for (const item of mix) {
    const started = performance.now();
    const { items } = await searchProducts(item.q);
    const ms = performance.now() - started;
    times.push(ms);
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), ms]);
    slowest.push({ q: item.q.slice(0, 60), kind: item.kind, ms: Math.round(ms * 10) / 10 });
    const target = item.target?.toLowerCase();
    if (item.kind === "exact") {
      exactTotal++;
      if (items[0]?.product_name.toLowerCase() === target) exactFirst++;
    } else if (item.kind === "typo") {
      typoTotal++;
      if (items.slice(0, 5).some((c) => c.product_name.toLowerCase() === target)) typoTop5++;
    }
  }
  // Timed again: a slow query that is fast the second time was slowed by something else (a busy
  // machine, a cold cache), not by its plan.
  const worst = slowest.sort((a, b) => b.ms - a.ms).slice(0, 10);
  for (const entry of worst) {
    const again: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await searchProducts(mix.find((m) => m.q.slice(0, 60) === entry.q)!.q);
      again.push(Math.round((performance.now() - started) * 10) / 10);
    }
    Object.assign(entry, { again });
  }
  return {
    ...summary(times),
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    byKind: Object.fromEntries([...byKind].map(([kind, t]) => [kind, summary(t)])),
    slowest: worst,
    exactNameFirst: `${exactFirst}/${exactTotal}`,
    typoInTop5: `${typoTop5}/${typoTotal}`,
  };
}

/* -------------------------------------------------------------------------------- CLI */

const SCRATCH = "toolnest_bench_search";

async function openScratch(options: { postgres: boolean; reuse: boolean; dataDir?: string }) {
  if (options.postgres) {
    const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
    assertLocalDatabaseUrl(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [SCRATCH])).rowCount;
    if (!options.reuse || !exists) {
      await admin.query(`drop database if exists "${SCRATCH}" with (force)`);
      await admin.query(`create database "${SCRATCH}"`);
    }
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, SCRATCH), dataDir: "", purpose: "bench" });
    const drop = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${SCRATCH}" with (force)`);
      await client.end();
    };
    return { handle, where: `PostgreSQL ${SCRATCH}`, drop };
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-search-"));
  const handle = await openDatabase({ dataDir, purpose: "bench" });
  return { handle, where: `PGlite ${dataDir}`, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "100000" },
      queries: { type: "string", default: "1000" },
      seed: { type: "string", default: "1" },
      postgres: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
      "data-dir": { type: "string" },
      "as-inserted": { type: "boolean", default: false },
    },
  });
  const products = Number(values.products);
  const seed = Number(values.seed);
  const scratch = await openScratch({ postgres: values.postgres, reuse: values.reuse, dataDir: values["data-dir"] });
  let handle: DatabaseHandle | undefined = scratch.handle;
  try {
    console.log(`search bench on ${scratch.where}`);
    await handle.migrate();
    setDatabase(handle);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from products`);
    if (n < products) {
      const started = performance.now();
      await generateSyntheticCatalog(handle.db, products - n, {
        seed,
        maintenance: !values["as-inserted"],
        log: (line) => console.log(line),
      });
      console.log(`generated ${(products - n).toLocaleString()} products in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    const result = await runSearchBench(handle.db, { queries: Number(values.queries), seed });
    console.log(JSON.stringify({ database: handle.kind, products, ...result }, null, 2));
  } finally {
    setDatabase(undefined);
    await handle?.close();
    handle = undefined;
    if (!values.keep) await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await main();
  } catch (error) {
    const e = error as Error & { cause?: Error };
    console.error(`search bench failed: ${(e.cause ?? e).message}`);
    process.exitCode = 1;
  }
}
