/**
 * Feedback Reports at scale (issue 14, decision 046): the full CSV export's rows/s and memory
 * (target >= 50,000 rows/s, flat memory, for 1,000,000 reviews on PostgreSQL), and the report
 * page's reads (stats + filtered page) and a hide.
 *
 * `npx tsx bench/feedback-export.ts --reviews 20000` (PGlite, small while developing);
 * `--pg` uses DATABASE_URL or the local PostgreSQL in a scratch database; `--reviews 1000000`.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { setDatabase } from "../app/db/registry.server";
import { EMPTY_FILTERS } from "../app/features/admin-feedback/admin-feedback";
import { feedbackCsvStream } from "../app/features/admin-feedback/queries/export.server";
import { moderateFeedback } from "../app/features/admin-feedback/mutations.server";
import { readFeedbackReports } from "../app/features/admin-feedback/queries/reports.server";
import { openScratchDatabase } from "./scratch-database";
import { timeMany, type Timing } from "./stats";

/** Users, products and reviews (1 in 100 a formula-looking comment), in SQL. */
export async function seedFeedback(db: Database, { reviews, products, users }: { reviews: number; products: number; users: number }, log = (_: string) => {}) {
  const started = performance.now();
  await db.execute(sql`insert into "user" (id, name, email) select 'fbu' || g, 'Bench user ' || g, 'fbu' || g || '@example.com' from generate_series(1, ${users}::int) g`);
  await db.execute(sql`insert into profiles (id, username, email) select 'fbu' || g, 'fbu' || g, 'fbu' || g || '@example.com' from generate_series(1, ${users}::int) g`);
  await db.execute(
    sql`insert into products (product_name, slug, status, type, tags, description, website_url, tagline)
        select 'Bench Product ' || g, 'bench-product-' || g, 'live', 'product', '{}', 'A product made by the feedback bench for measuring the export.',
               'https://bench-' || g || '.example.com', 'Made by the bench'
        from generate_series(1, ${products}::int) g`,
  );
  const [range] = await queryRows<{ lo: number }>(db, sql`select min(id)::int as lo from products where slug like 'bench-product-%'`);
  const lo = Number(range!.lo);
  const step = 100_000;
  for (let from = 1; from <= reviews; from += step) {
    const to = Math.min(reviews, from + step - 1);
    await db.execute(
      sql`insert into product_feedback (product_id, user_id, rating, comment, created_at)
          select ${lo}::int + (g % ${products}::int), 'fbu' || (1 + g % ${users}::int), 1 + g % 5,
                 case when g % 100 = 0 then '=SUM(A1:A' || g || ')' else 'Bench review number ' || g || ', with a comma and "quotes"' end,
                 now() - (g || ' seconds')::interval
          from generate_series(${from}::int, ${to}::int) g`,
    );
    log(`  ${to.toLocaleString()} reviews`);
  }
  await db.execute(sql`vacuum analyze product_feedback`);
  log(`  seeded in ${Math.round(performance.now() - started)} ms`);
}

export interface ExportResult {
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSecond: number;
  heapStartMb: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

export async function measureExport(db: Database): Promise<ExportResult> {
  globalThis.gc?.();
  const heapStart = process.memoryUsage().heapUsed;
  let heapPeak = heapStart;
  let rssPeak = process.memoryUsage().rss;
  let rows = 0;
  let bytes = 0;
  const started = performance.now();
  const reader = feedbackCsvStream(db, EMPTY_FILTERS, undefined, (n) => {
    rows += n;
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength; // consumed and dropped, as a socket would
  }
  const ms = performance.now() - started;
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  return { rows, bytes, ms: Math.round(ms), rowsPerSecond: Math.round(rows / (ms / 1000)), heapStartMb: mb(heapStart), heapPeakMb: mb(heapPeak), rssPeakMb: mb(rssPeak) };
}

export async function pageTimings(db: Database, iterations = 50): Promise<Timing[]> {
  const actor = { id: "fbu1", email: "fbu1@example.com" };
  const [some] = await queryRows<{ id: number }>(db, sql`select id from product_feedback order by id desc limit 1`);
  return [
    await timeMany("report page 1 (stats + list)", iterations, () => readFeedbackReports(db, { filters: EMPTY_FILTERS, page: 1 })),
    await timeMany("report page 50, rating 4", iterations, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, rating: 4 }, page: 50 })),
    await timeMany("report search 'number 12345'", Math.min(iterations, 10), () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "number 12345" }, page: 1 })),
    await timeMany("hide + unhide one review", Math.min(iterations, 20), async () => {
      await moderateFeedback(db, actor, "hide", some!.id);
      await moderateFeedback(db, actor, "unhide", some!.id);
    }),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      reviews: { type: "string", default: "20000" },
      products: { type: "string", default: "2000" },
      users: { type: "string", default: "1000" },
      pg: { type: "boolean", default: false },
      iterations: { type: "string", default: "30" },
    },
  });
  const log = (line: string) => console.log(line);
  const { handle, cleanup } = await openScratchDatabase("feedback-bench", values.pg === true);
  try {
    setDatabase(handle);
    await handle.migrate();
    const reviews = Number(values.reviews);
    await seedFeedback(handle.db, { reviews, products: Number(values.products), users: Number(values.users) }, log);
    const result = await measureExport(handle.db);
    console.log(`\nFeedback CSV export, ${reviews.toLocaleString()} reviews (${values.pg ? "PostgreSQL" : "PGlite"})`);
    console.table([result]);
    const timings = await pageTimings(handle.db, Number(values.iterations));
    console.table(timings.map((t) => ({ operation: t.op, n: t.n, "p50 ms": t.p50, "p95 ms": t.p95, "max ms": t.max })));
  } finally {
    setDatabase(undefined);
    await cleanup();
  }
}
