/**
 * The moderation and taxonomy half of the back-office at scale (issue 14, decisions 044-046):
 * Manage Users (list, page 500, searches), Feedback Reports (page, rating, searches, export),
 * Product Submissions, User Suggestions, Manage Niches and Manage Parent Subcategories, with
 * 1,000,000 products, 100,000 users and 1,000,000 reviews on PostgreSQL (target p95 <= 30 ms,
 * export >= 50,000 rows/s with flat memory).
 *
 * `npx tsx bench/admin-moderation.ts --products 1000000 --users 100000 --reviews 1000000 --pg`
 * `--keep <name>` keeps (and reuses) the PostgreSQL database `toolnest_bench_<name>` instead of a
 * scratch one, so a second run measures without seeding again. Without `--pg`: PGlite, small.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { setDatabase } from "../app/db/registry.server";
import { EMPTY_FILTERS } from "../app/features/admin-feedback/admin-feedback";
import { readFeedbackReports } from "../app/features/admin-feedback/queries/reports.server";
import { feedbackStats } from "../app/features/admin-feedback/queries/stats.server";
import { listSubmissions, listSuggestions } from "../app/features/moderation/queries/submission-queues.server";
import { listNiches, listParentSubcategories, subcategoryOptions } from "../app/features/admin-taxonomy/queries.server";
import { listUsers, userDetails } from "../app/features/admin-users/queries.server";
import { placeInTaxonomy } from "./catalog-scale";
import { measureExport } from "./feedback-export";
import { openKeptDatabase, openScratchDatabase } from "./scratch-database";
import { generateSyntheticCatalog } from "./synthetic-catalog";
import { timeMany, type Timing } from "./stats";

/** Users with profiles (names and careers from a small vocabulary) and reviews on existing products. */
export async function seedPeopleAndReviews(db: Database, { users, reviews }: { users: number; reviews: number }, log = (_: string) => {}) {
  const started = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email, created_at, updated_at)
    select 'bmu' || g,
           (array['Ada','Linus','Grace','Alan','Barbara','Ken','Margaret','Dennis','Radia','Tim'])[1 + g % 10] || ' '
             || (array['Lovelace','Torvalds','Hopper','Turing','Liskov','Thompson','Hamilton','Ritchie','Perlman','Lee'])[1 + (g / 10) % 10] || ' ' || g,
           'member' || g || '@example' || (g % 50) || '.com',
           now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${users}::int) g`);
  await db.execute(sql`
    insert into profiles (id, username, email, career)
    select 'bmu' || g, 'member_' || g, 'member' || g || '@example' || (g % 50) || '.com',
           (array['Developer','Designer','Marketer','Founder','Student'])[1 + g % 5]
    from generate_series(1, ${users}::int) g`);
  log(`  ${users.toLocaleString()} users (${Math.round((performance.now() - started) / 1000)} s)`);
  const [range] = await queryRows<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from products`);
  const lo = Number(range!.lo);
  const span = Number(range!.hi) - lo + 1;
  const step = 100_000;
  for (let from = 1; from <= reviews; from += step) {
    const to = Math.min(reviews, from + step - 1);
    await db.execute(sql`
      insert into product_feedback (product_id, user_id, rating, comment, created_at)
      select ${lo}::int + (hashint4(g) & 2147483647) % ${span}::int, 'bmu' || (1 + (hashint4(g * 31) & 2147483647) % ${users}::int), 1 + g % 5,
             case when g % 100 = 0 then '=SUM(A1:A' || g || ')'
                  else (array['Great','Useful','Slow','Clean','Buggy','Handy','Solid','Pricey','Simple','Powerful'])[1 + g % 10]
                       || ' tool for ' || (array['notes','design','teams','invoices','backups','charts','email','tasks','code','music'])[1 + (g / 10) % 10]
                       || ', review ' || g || ' with a comma and "quotes"' end,
             now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  ${to.toLocaleString()} reviews (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  // Vacuumed with the rest before measuring (below), on every run.
}

/** Every page of the issue, as its loader reads it (the same server functions). */
export async function moderationTimings(db: Database, iterations = 50): Promise<Timing[]> {
  const few = Math.min(iterations, 20);
  const [someUser] = await queryRows<{ id: string }>(db, sql`select id from "user" order by created_at desc offset 500 limit 1`);
  const timings: Timing[] = [];
  const time = async (op: string, n: number, run: (i: number) => Promise<unknown>) => {
    const t = await timeMany(op, n, run);
    timings.push(t);
    console.log(`  ${op}: p50 ${t.p50} ms, p95 ${t.p95} ms`);
  };
  // Manage Users
  await time("users page 1", iterations, () => listUsers(db, { q: "", page: 1 }));
  await time("users page 500", iterations, () => listUsers(db, { q: "", page: 500 }));
  await time("users search 'lovelace' (1 in 10)", few, () => listUsers(db, { q: "lovelace", page: 1 }));
  await time("users search 'member4242' (e-mail)", few, (i) => listUsers(db, { q: `member424${i % 10}`, page: 1 }));
  await time("users search 'zzzz' (no match)", few, () => listUsers(db, { q: "zzzz", page: 1 }));
  await time("users search 'ed' (2 letters)", few, () => listUsers(db, { q: "ed", page: 1 }));
  if (someUser) await time("user details", few, () => userDetails(db, someUser.id));
  // Feedback Reports (the stat cards read the kept counts at every request)
  await time("feedback stats", iterations, () => feedbackStats(db));
  await time("feedback page 1", iterations, () => readFeedbackReports(db, { filters: EMPTY_FILTERS, page: 1 }));
  await time("feedback page 50, rating 4", iterations, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, rating: 4 }, page: 50 }));
  await time("feedback search 'review 12345'", few, (i) => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: `review 1234${i % 10}` }, page: 1 }));
  await time("feedback search 'buggy' (1 in 10)", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "buggy" }, page: 1 }));
  await time("feedback search 'lovelace' (user)", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "lovelace" }, page: 1 }));
  await time("feedback search 'zzzz' (no match)", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "zzzz" }, page: 1 }));
  await time("feedback search 'tool' + rating 5 (all)", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "tool", rating: 5 }, page: 1 }));
  await time("feedback search 'pricey tool for code' (1 in 100)", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "pricey tool for code" }, page: 1 }));
  await time("feedback search 'buggy', page 100", few, () => readFeedbackReports(db, { filters: { ...EMPTY_FILTERS, q: "buggy" }, page: 100 }));
  // Queues and taxonomy
  await time("submissions page 1", iterations, () => listSubmissions(db, 1));
  await time("submissions page 100", iterations, () => listSubmissions(db, 100));
  await time("suggestions page 1", iterations, () => listSuggestions(db, 1));
  await time("suggestions page 100", iterations, () => listSuggestions(db, 100));
  await time("niches (with counts)", iterations, () => Promise.all([listNiches(db), subcategoryOptions(db)]));
  await time("parent subcategories (with counts)", iterations, () => listParentSubcategories(db));
  return timings;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "20000" },
      users: { type: "string", default: "2000" },
      reviews: { type: "string", default: "20000" },
      pg: { type: "boolean", default: false },
      keep: { type: "string" },
      iterations: { type: "string", default: "50" },
      "skip-export": { type: "boolean", default: false },
      "skip-pages": { type: "boolean", default: false },
      out: { type: "string", default: path.join(".tmp", "bench-admin-moderation.json") },
    },
  });
  const log = (line: string) => console.log(line);
  const opened = values.keep
    ? await openKeptDatabase(values.keep)
    : { ...(await openScratchDatabase("admin-moderation", values.pg === true)), fresh: true };
  const { handle, cleanup } = opened;
  try {
    setDatabase(handle);
    await handle.migrate();
    const [seeded] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from (select 1 from products limit 1) x`);
    if (!seeded?.n) {
      log(`Seeding ${values.products} products, ${values.users} users, ${values.reviews} reviews`);
      await generateSyntheticCatalog(handle.db, Number(values.products), { log });
      await placeInTaxonomy(handle.db, log);
      await seedPeopleAndReviews(handle.db, { users: Number(values.users), reviews: Number(values.reviews) }, log);
    }
    // Autovacuum's part (it is off on the bench machines' PostgreSQL): after the seed, and after a
    // migration that rewrote rows of a kept database.
    for (const table of ["user", "profiles", "product_feedback", "feedback_reviewed_products", "product_stats"]) {
      await handle.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
    }
    // The kept counts (migration 0030) were upserted once per review by the seed's 100,000-row
    // statements, whose dead versions no pruning could reclaim before commit: 5 live rows sat
    // behind 5,400 pages of dead ones (stat cards 13 ms), with the live ones last, so a plain
    // vacuum cannot shrink them. Reviews written one at a time keep these tables to a page or two.
    for (const table of ["feedback_review_counts", "feedback_review_totals"]) {
      await handle.db.execute(sql`vacuum full analyze ${sql.identifier(table)}`);
    }
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const timings = values["skip-pages"] ? [] : await moderationTimings(handle.db, Number(values.iterations));
    console.table(timings.map((t) => ({ operation: t.op, n: t.n, "p50 ms": t.p50, "p95 ms": t.p95, "max ms": t.max })));
    const exported = values["skip-export"] ? null : await measureExport(handle.db);
    if (exported) console.table([exported]);
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), timings, export: exported }, null, 2));
  } finally {
    setDatabase(undefined);
    await cleanup();
  }
}
