/**
 * A synthetic catalogue for the benchmarks: a deterministic vocabulary and a bulk load of
 * products in SQL. Used by search-scale.ts (which also draws its queries from the vocabulary)
 * and run.ts.
 */
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";

/* ------------------------------------------------------------ Word lists (deterministic) */

export function prng(seed: number) {
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

