/**
 * Search quality on the demo catalogue (issue 37): nDCG@5 and P@5 per query kind over the judged
 * set in bench/search-judgments/, for our search (searchProducts, as the /search page calls it, on
 * the embedded database) and for MiniSearch with field boosts on the same catalogue, same run.
 *
 *   npx tsx bench/search-quality.ts            # the figures (also a section of `npm run bench`)
 *   npx tsx bench/search-quality.ts --pool     # the candidates still to judge, to .tmp/search-pool.txt
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import MiniSearch from "minisearch";
import { openMemoryDatabase, type Database } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { seedDemoCatalog } from "../app/features/catalog/mutations/seed.server";
import { searchProducts } from "../app/features/search/queries.server";
import { queryRows } from "../tests/support/raw-rows";
import { summarize, type Timing } from "./stats";

const JUDGMENTS = path.resolve("bench/search-judgments/judgments.json");
const DEPTH = 5;
const POOL_DEPTH = 10;

export interface JudgedQuery {
  q: string;
  kind: "name" | "typo" | "prefix" | "concept" | "tag";
  /** slug -> 0 (not relevant), 1 (partly), 2 (what the searcher wants) */
  grades: Record<string, number>;
}

interface Doc {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  tags: string;
  description: string;
  subcategories: string;
}

async function loadDocs(db: Database): Promise<Doc[]> {
  return queryRows<Doc>(
    db,
    sql`select p.id, p.slug, p.product_name as name, coalesce(p.tagline, '') as tagline,
          array_to_string(p.tags, ' ') as tags,
          coalesce(p.headline, '') || ' ' || coalesce(p.description, '') as description,
          coalesce((select string_agg(s.name, '; ') from product_subcategories ps
                    join subcategories s on s.id = ps.subcategory_id where ps.product_id = p.id), '') as subcategories
        from products p where p.status = 'live' and p.type = 'product' order by p.id`,
  );
}

/** MiniSearch as a site would set it up: prefix and fuzzy matching, name > tags > tagline > description. */
function miniSearch(docs: Doc[]) {
  const index = new MiniSearch<Doc>({
    fields: ["name", "tags", "tagline", "description"],
    storeFields: ["slug"],
    searchOptions: { boost: { name: 4, tags: 3, tagline: 2, description: 1 }, prefix: true, fuzzy: 0.2 },
  });
  index.addAll(docs);
  return (q: string) => index.search(q).slice(0, POOL_DEPTH).map((hit) => hit.slug as string);
}

/** Graded gain 2^g - 1, discounted by log2(rank + 1), over the best order of every judged candidate. */
export function ndcgAt(k: number, ranked: string[], grades: Record<string, number>): number {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((slug) => grades[slug] ?? 0)) / ideal;
}

/** Share of the top k graded 1 or 2 (an empty place counts as a miss). */
export function precisionAt(k: number, ranked: string[], grades: Record<string, number>): number {
  return ranked.slice(0, k).filter((slug) => (grades[slug] ?? 0) >= 1).length / k;
}

interface EngineRun {
  engine: string;
  ranked: Map<string, string[]>;
  timing: Timing;
}

async function runEngine(engine: string, queries: JudgedQuery[], search: (q: string) => Promise<string[]> | string[]): Promise<EngineRun> {
  const ranked = new Map<string, string[]>();
  const samples: number[] = [];
  for (const { q } of queries) {
    const started = performance.now();
    ranked.set(q, await search(q));
    samples.push(performance.now() - started);
  }
  return { engine, ranked, timing: summarize(engine, samples) };
}

function scoreRows(run: EngineRun, queries: JudgedQuery[]) {
  const kinds = [...new Set(queries.map((q) => q.kind))];
  const row = (kind: string, list: JudgedQuery[]) => {
    const mean = (f: (q: JudgedQuery) => number) => Math.round((list.reduce((s, q) => s + f(q), 0) / list.length) * 1000) / 1000;
    const top = (q: JudgedQuery) => run.ranked.get(q.q) ?? [];
    return {
      engine: run.engine,
      kind,
      queries: list.length,
      "nDCG@5": mean((q) => ndcgAt(DEPTH, top(q), q.grades)),
      "P@5": mean((q) => precisionAt(DEPTH, top(q), q.grades)),
      "best first": mean((q) => ((q.grades[top(q)[0] ?? ""] ?? 0) === 2 ? 1 : 0)),
      unjudged: list.reduce((n, q) => n + top(q).slice(0, DEPTH).filter((slug) => !(slug in q.grades)).length, 0),
    };
  };
  return [...kinds.map((kind) => row(kind, queries.filter((q) => q.kind === kind))), row("all", queries)];
}

export function readJudgments(): JudgedQuery[] {
  return (JSON.parse(fs.readFileSync(JUDGMENTS, "utf8")) as { queries: JudgedQuery[] }).queries;
}

export async function runSearchQualityBench(options: { log: (line: string) => void; pool?: boolean }) {
  const queries = readJudgments();
  const handle = await openMemoryDatabase();
  try {
    await handle.migrate();
    await seedDemoCatalog(handle.db);
    setDatabase(handle);
    const docs = await loadDocs(handle.db);
    const mini = miniSearch(docs);
    const ours = await runEngine("ours", queries, async (q) => (await searchProducts(q, { limit: 40 })).items.slice(0, POOL_DEPTH).map((c) => c.slug));
    const theirs = await runEngine("MiniSearch", queries, mini);
    if (options.pool) writePool(queries, [ours, theirs], docs);
    const rows = [...scoreRows(ours, queries), ...scoreRows(theirs, queries)];
    options.log(`  ${queries.length} judged queries over ${docs.length} products; search p95: ours ${ours.timing.p95} ms, MiniSearch ${theirs.timing.p95} ms`);
    console.table(rows);
    return { rows, timings: [ours.timing, theirs.timing], ranked: { ours: Object.fromEntries(ours.ranked), MiniSearch: Object.fromEntries(theirs.ranked) } };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/** The union of both engines' top 10 not yet graded, with what a judge reads, one query a block. */
function writePool(queries: JudgedQuery[], runs: EngineRun[], docs: Doc[]) {
  const bySlug = new Map(docs.map((d) => [d.slug, d]));
  const blocks = queries.flatMap(({ q, kind, grades }) => {
    const slugs = [...new Set(runs.flatMap((r) => r.ranked.get(q) ?? []))].filter((slug) => !(slug in grades));
    if (slugs.length === 0) return [];
    const lines = slugs.map((slug) => {
      const d = bySlug.get(slug)!;
      return `  ${slug} | ${d.name} | ${d.tagline.slice(0, 90)} | ${d.tags} | ${d.subcategories}`;
    });
    return [`## ${kind}: ${q}`, ...lines];
  });
  fs.mkdirSync(".tmp", { recursive: true });
  fs.writeFileSync(".tmp/search-pool.txt", blocks.join("\n") + "\n");
  console.log(`  ${blocks.filter((b) => b.startsWith("##")).length} queries with candidates to judge: .tmp/search-pool.txt`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { pool: { type: "boolean", default: false }, json: { type: "string" } } });
  const result = await runSearchQualityBench({ log: (line) => console.log(line), pool: values.pool });
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(result, null, 2));
}
