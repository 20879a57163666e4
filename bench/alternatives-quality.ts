/**
 * Alternatives' quality on a judged set (issue 37): for each judged product of the demo catalogue,
 * the top 5 of our `findAlternatives` and of the product page's "Similar to" box (`similarProducts`:
 * its subcategories, then tags, then niches, by upvotes) are scored against graded candidates
 * (bench/alternatives-judgments/: 2 = does the same job, 1 = related, 0 = not an alternative).
 *   nDCG@5: gain = grade, discount log2(rank + 1), ideal = the subject's best 5 judged grades.
 *   P@5: the share of the top 5 graded 2 (a real alternative); a candidate nobody judged counts 0.
 * Runs on a scratch PGlite database seeded with the demo catalogue, in `npm run bench` or alone:
 *   npx tsx bench/alternatives-quality.ts [--data-dir DIR] [--dump FILE]
 * --data-dir keeps the seeded database in DIR for the next run; --dump writes, for each judged
 * product, the union of both rankers' top 10 (sorted by slug, engine not said) with the text a
 * judge reads, and the grades already given, to grade new candidates blind.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { clearDataCache } from "../app/db/data-cache.server";
import { getDb, setDatabase } from "../app/db/registry.server";
import { textArray } from "../app/db/sql-arrays";
import { alternativesSubject, findAlternatives } from "../app/features/alternatives/queries.server";
import { seedDemoCatalog } from "../app/features/catalog/mutations/seed.server";
import { getPublicProduct, similarProducts } from "../app/features/catalog/queries/product.server";
import { queryRows } from "../tests/support/raw-rows";
import { openScratchDatabase } from "./scratch-database";

const JUDGMENTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "alternatives-judgments", "judgments.json");
/** How deep each ranker is read when candidates are gathered for judging. */
const POOL_DEPTH = 10;
const CUTOFF = 5;

export interface JudgedSubject {
  slug: string;
  /** app, web app or community: what kind of thing the product is, read from its text. */
  kind: string;
  niche: string;
  /** Candidate slug -> grade (0, 1, 2). */
  grades: Record<string, number>;
}

type Ranker = (slug: string) => Promise<string[]>;

const rankers: Record<string, Ranker> = {
  ours: async (slug) => {
    const subject = await alternativesSubject(slug);
    if (!subject) throw new Error(`${slug} is not a live product of the demo catalogue`);
    return (await findAlternatives(subject, POOL_DEPTH)).map((p) => p.slug);
  },
  "similar (baseline)": async (slug) => {
    const product = await getPublicProduct(slug);
    if (!product) throw new Error(`${slug} is not a live product of the demo catalogue`);
    return (await similarProducts(product, POOL_DEPTH)).map((p) => p.slug);
  },
};

export function readJudgments(): JudgedSubject[] {
  return (JSON.parse(fs.readFileSync(JUDGMENTS, "utf8")) as { subjects: JudgedSubject[] }).subjects;
}

/** nDCG at `k` of a ranked list against graded judgments (linear gain). */
export function ndcgAt(ranked: string[], grades: Record<string, number>, k = CUTOFF): number {
  const dcg = (gains: number[]) => gains.slice(0, k).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((slug) => grades[slug] ?? 0)) / ideal;
}

/** The share of the first `k` graded 2. */
export function precisionAt(ranked: string[], grades: Record<string, number>, k = CUTOFF): number {
  return ranked.slice(0, k).filter((slug) => grades[slug] === 2).length / k;
}

interface Scored {
  ranker: string;
  subject: JudgedSubject;
  ndcg: number;
  precision: number;
  unjudged: number;
}

async function scoreAll(subjects: JudgedSubject[]): Promise<Scored[]> {
  const scored: Scored[] = [];
  for (const [ranker, rank] of Object.entries(rankers)) {
    for (const subject of subjects) {
      const top = (await rank(subject.slug)).slice(0, CUTOFF);
      scored.push({
        ranker,
        subject,
        ndcg: ndcgAt(top, subject.grades),
        precision: precisionAt(top, subject.grades),
        unjudged: top.filter((slug) => !(slug in subject.grades)).length,
      });
    }
  }
  return scored;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

/** One row per group (all, each niche, each kind) with nDCG@5 and P@5 of every ranker. */
function summarise(scored: Scored[]) {
  const groups: [string, (s: JudgedSubject) => boolean][] = [["all", () => true]];
  for (const niche of [...new Set(scored.map((s) => s.subject.niche))].sort()) groups.push([`niche: ${niche}`, (s) => s.niche === niche]);
  for (const kind of [...new Set(scored.map((s) => s.subject.kind))].sort()) groups.push([`kind: ${kind}`, (s) => s.kind === kind]);
  return groups.map(([group, keep]) => {
    const row: Record<string, string | number> = { group };
    for (const ranker of Object.keys(rankers)) {
      const mine = scored.filter((s) => s.ranker === ranker && keep(s.subject));
      row.n = mine.length;
      row[`${ranker} nDCG@5`] = Number(mean(mine.map((s) => s.ndcg)).toFixed(3));
      row[`${ranker} P@5`] = Number(mean(mine.map((s) => s.precision)).toFixed(3));
    }
    return row;
  });
}

export interface AlternativesQuality {
  subjects: number;
  /** Judged products whose pool holds no alternative (left out of the means). */
  withoutAlternative: string[];
  unjudgedInTop5: Record<string, number>;
  summary: Record<string, string | number>[];
}

/** Scores both rankers on the judged set, in the database the registry holds (the demo catalogue). */
export async function measureAlternatives(): Promise<AlternativesQuality> {
  clearDataCache();
  const subjects = readJudgments();
  // A product whose pool holds no alternative at all (every candidate graded 0) has no ideal
  // ranking to compare with: it is kept in the judged set, listed, and left out of the means.
  const scored = await scoreAll(subjects.filter((s) => Object.values(s.grades).some((grade) => grade > 0)));
  const unjudgedInTop5 = Object.fromEntries(Object.keys(rankers).map((r) => [r, scored.filter((s) => s.ranker === r).reduce((n, s) => n + s.unjudged, 0)]));
  const withoutAlternative = subjects.filter((s) => !Object.values(s.grades).some((grade) => grade > 0)).map((s) => s.slug);
  return { subjects: subjects.length, withoutAlternative, unjudgedInTop5, summary: summarise(scored) };
}

/** `npm run bench`'s section: a scratch PGlite database with the demo catalogue, measured, dropped. */
export async function runAlternativesQuality({ log }: { log: (line: string) => void }): Promise<AlternativesQuality> {
  log("== alternatives: nDCG@5 and P@5 on the judged set, ours against the product page's \"Similar to\" (demo catalogue, PGlite)");
  const { handle, cleanup } = await openScratchDatabase("alternatives", false);
  try {
    await handle.migrate();
    await seedDemoCatalog(handle.db);
    setDatabase(handle);
    const quality = await measureAlternatives();
    printQuality(quality, log);
    return quality;
  } finally {
    setDatabase(undefined);
    await cleanup();
  }
}

export function printQuality(quality: AlternativesQuality, log: (line: string) => void) {
  log(`  ${quality.subjects} judged products, ${quality.subjects - quality.withoutAlternative.length} scored (none graded >= 1 in the pool: ${quality.withoutAlternative.join(", ") || "none"})`);
  log(`  top-5 candidates nobody judged (counted 0): ${JSON.stringify(quality.unjudgedInTop5)}; P@5 counts grade 2 only`);
  console.table(quality.summary);
}

/** For the judge: each subject's pool (both rankers' top 10), sorted by slug, with the text to grade by. */
async function dumpPool(file: string) {
  const subjects = readJudgments();
  const out: unknown[] = [];
  for (const subject of subjects) {
    const pool = new Set<string>();
    for (const rank of Object.values(rankers)) for (const slug of await rank(subject.slug)) pool.add(slug);
    const rows = await queryRows<{ slug: string; name: string; tagline: string | null; description: string | null; tags: string[]; subcategories: string[] }>(
      getDb(),
      sql`select p.slug, p.product_name as name, p.tagline, left(p.description, 240) as description, p.tags,
                 array(select sc.name from product_subcategories ps join subcategories sc on sc.id = ps.subcategory_id where ps.product_id = p.id) as subcategories
            from products p where p.slug = any(${textArray([subject.slug, ...pool])}) order by p.slug`,
    );
    out.push({
      subject: rows.find((r) => r.slug === subject.slug),
      candidates: rows.filter((r) => r.slug !== subject.slug).map((r) => ({ ...r, grade: subject.grades[r.slug] })),
    });
  }
  fs.writeFileSync(file, JSON.stringify(out, null, 1));
  console.log(`wrote ${file}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { "data-dir": { type: "string" }, dump: { type: "string" } } });
  const log = (line: string) => console.log(line);
  if (!values["data-dir"] && !values.dump) {
    await runAlternativesQuality({ log });
  } else {
    const dataDir = values["data-dir"] ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "toolnest-alternatives-"));
    const handle = await openDatabase({ dataDir, purpose: "bench" });
    try {
      await handle.migrate();
      await seedDemoCatalog(handle.db);
      setDatabase(handle);
      if (values.dump) await dumpPool(values.dump);
      else printQuality(await measureAlternatives(), log);
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  }
}
