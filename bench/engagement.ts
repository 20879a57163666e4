/**
 * Upvote and save toggles on PostgreSQL through the real HTTP path: the production server,
 * Better Auth sessions, the Origin check, the rate limiter (its limits raised, see decision 021)
 * and one transaction per toggle. 50 signed-in users alternate PUT and DELETE on one product;
 * afterwards the counter must equal the rows it counts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../app/db/client.server";
import { withDatabase } from "../tests/setup/local-database";
import { startApp } from "./http";
import { summarize } from "./stats";

export interface ToggleBenchResult {
  kind: "upvote" | "bookmark";
  clients: number;
  seconds: number;
  toggles: number;
  togglesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  failed: number;
  counter: number;
  rows: number;
  exact: boolean;
}

async function signInUsers(base: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/auth/dev`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ email: `bench-user-${i}@example.com`, redirectTo: "/" }),
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    if (!session) throw new Error(`dev sign-in ${i} answered ${response.status} without a session cookie`);
    cookies.push(session.split(";")[0]!);
  }
  return cookies;
}

async function toggleLoad(base: string, cookies: string[], productId: number, kind: "upvote" | "bookmark", seconds: number) {
  const url = `${base}/api/v1/products/${productId}/${kind}`;
  const origin = base;
  const latencies: number[] = [];
  let failed = 0;
  const firstFailures: string[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, i) => {
      let on = i % 2 === 0;
      while (performance.now() < deadline) {
        const t = performance.now();
        const response = await fetch(url, { method: on ? "PUT" : "DELETE", headers: { Cookie: cookie, Origin: origin, Accept: "application/json" } });
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        if (response.ok) on = !on;
        else {
          failed += 1;
          if (firstFailures.length < 3) firstFailures.push(`${response.status}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  if (firstFailures.length) console.log(`  ${kind}: failures (first statuses) ${firstFailures.join(", ")}`);
  return { latencies, failed, elapsed };
}

export async function runEngagementBench(options: { adminUrl: string; clients?: number; seconds?: number; log?: (line: string) => void }) {
  const clients = options.clients ?? 50;
  const seconds = options.seconds ?? 10;
  const log = options.log ?? console.log;
  const scratch = `toolnest_bench_eng_${process.pid}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database "${scratch}"`);
  await admin.end();
  const databaseUrl = withDatabase(options.adminUrl, scratch);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-eng-"));
  const results: ToggleBenchResult[] = [];
  try {
    // Migrated and holding the product before the app starts (it builds the list order on start).
    const handle = await openDatabase({ databaseUrl, dataDir: "", purpose: "bench" });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    db.on("error", () => {});
    const { rows } = await db.query<{ id: number }>(
      `insert into products (product_name, slug, status, type, description, website_url, tagline)
       values ('Bench Product', 'bench-product', 'live', 'product', 'The product everyone toggles.', 'https://bench.example.com', 'Toggled')
       returning id`,
    );
    const productId = rows[0]!.id;
    const app = await startApp({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: "",
      GOOGLE_CLIENT_ID: "",
      AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      PAGE_CACHE_SECONDS: "0",
      // The limiter runs on every toggle as in production; only its thresholds are out of reach.
      ENGAGEMENT_RATE_LIMIT_USER: "100000000",
      ENGAGEMENT_RATE_LIMIT_IP: "100000000",
    }).catch(async (error: unknown) => {
      await db.end();
      throw error;
    });
    try {
      // The app's own origin (startApp sets APP_URL to it): React Router and the API compare Origin with it.
      const base = app.base;
      const cookies = await signInUsers(base, clients);
      log(`  ${clients} users signed in; toggling for ${seconds} s each`);
      for (const kind of ["upvote", "bookmark"] as const) {
        const { latencies, failed, elapsed } = await toggleLoad(base, cookies, productId, kind, seconds);
        const table = kind === "upvote" ? "product_upvotes" : "bookmarks";
        const column = kind === "upvote" ? "upvotes" : "bookmarks";
        const { rows: check } = await db.query<{ counter: number; rows: number }>(
          `select s.${column} as counter, (select count(*)::int from ${table} where product_id = $1) as rows
           from product_stats s where s.product_id = $1`,
          [productId],
        );
        const timing = summarize(kind, latencies);
        const ok = latencies.length - failed;
        results.push({
          kind,
          clients,
          seconds: Math.round(elapsed * 10) / 10,
          toggles: ok,
          togglesPerSecond: Math.round(ok / elapsed),
          p50Ms: timing.p50,
          p95Ms: timing.p95,
          maxMs: timing.max,
          failed,
          counter: Number(check[0]!.counter),
          rows: Number(check[0]!.rows),
          exact: Number(check[0]!.counter) === Number(check[0]!.rows),
        });
      }
    } finally {
      await db.end();
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: options.adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${scratch}" with (force)`);
    await client.end();
  }
  for (const r of results) {
    log(
      `  ${r.kind}: ${r.togglesPerSecond} toggles/s (target 500: ${r.togglesPerSecond >= 500 ? "met" : "MISSED"}), ` +
        `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, counter ${r.counter} vs ${r.rows} rows (${r.exact ? "exact" : "WRONG"}), ${r.failed} failed`,
    );
  }
  return results;
}
