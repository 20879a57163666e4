/**
 * Overload: 200 anonymous visitors at once on a mix of home, niche, product and search pages,
 * through the production server (scripts/start.ts) on the demo catalogue. Three runs per database:
 * with the page cache on, as in production; with a unique query string on every request so that
 * each one renders from the database; and with the page cache on but every request carrying a
 * session cookie with no valid signature (`better-auth.session_token=bogus.bogus`, issue 34).
 * Reports shed load (503) apart from real errors, and requests with no answer within 10 s (the
 * load tool gives up on them: its timeout is ANSWER_WITHIN_SECONDS).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { startApp } from "./http";
import { summarize } from "./stats";

export interface LoadRun {
  database: string;
  pages: Variant;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  /** 2xx and 3xx. */
  ok: number;
  /** 503 with Retry-After: load refused on purpose. */
  shed: number;
  /** Other 5xx: the goal is 0. */
  errors5xx: number;
  other4xx: number;
  /** Requests without any response within ANSWER_WITHIN_SECONDS (socket errors, timeouts). */
  noResponse: number;
  /** Share of requests answered (served or shed) within ANSWER_WITHIN_SECONDS. */
  answeredShare: number;
  /** Share of requests shed with 503. */
  shedShare: number;
  /** What the requests without a response failed with (error code → count). */
  noResponseCauses: string;
  /** Share of requests that were neither 2xx/3xx nor shed. */
  errorRate: number;
  p50Ms: number;
  p95Ms: number;
  /** Of served (2xx/3xx) requests. */
  p99Ms: number;
}

export type Variant = "page cache on" | "cache-busting" | "junk session cookie";
const VARIANTS: Variant[] = ["page cache on", "cache-busting", "junk session cookie"];
/** What a session cookie with no valid signature looks like to the server: an anonymous visitor. */
export const JUNK_SESSION_COOKIE = "better-auth.session_token=bogus.bogus";
/** Every request must be answered (served or shed) within this; later counts as no answer. */
export const ANSWER_WITHIN_SECONDS = 10;

interface Options {
  database: string;
  /** DATA_DIR or DATABASE_URL of an empty database; the demo catalogue is loaded into it. */
  env: Record<string, string>;
  seconds: number;
  connections?: number;
  log?: (line: string) => void;
}

/** JSON from the server, asked again (up to 10 times) if it was refused for load. */
async function getJson<T>(url: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url);
    if (response.ok || attempt >= 10) return (await response.json()) as T;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A mix weighted like browsing: lists and product pages more than search. */
async function pagePaths(base: string): Promise<string[]> {
  const niches = (await getJson<{ items: { slug: string }[] }>(`${base}/api/v1/niches`)).items;
  const products = (await getJson<{ items: { slug: string; product_name: string }[] }>(`${base}/api/v1/products?limit=50`)).items;
  if (!niches.length || !products.length) throw new Error("the catalogue is empty: nothing to load");
  const searches = products.slice(0, 10).map((p) => `/search?q=${encodeURIComponent(p.product_name.split(/\s+/)[0]!.toLowerCase())}`);
  return [
    "/",
    "/",
    ...niches.slice(0, 10).map((n) => `/niche/${n.slug}`),
    ...products.slice(0, 30).map((p) => `/resources/${p.slug}`),
    ...searches,
  ];
}

async function run(base: string, paths: string[], variant: Variant, options: Options): Promise<LoadRun> {
  const bust = variant === "cache-busting";
  const headers: Record<string, string> = variant === "junk session cookie" ? { cookie: JUNK_SESSION_COOKIE } : {};
  const connections = options.connections ?? 200;
  let next = 0;
  const latencies: number[] = [];
  const causes = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: options.seconds,
        pipelining: 1,
        timeout: ANSWER_WITHIN_SECONDS,
        requests: [
          {
            setupRequest: (request) => {
              const page = paths[next % paths.length]!;
              next += 1;
              const busted = bust ? `${page}${page.includes("?") ? "&" : "?"}nocache=${next}` : page;
              return { ...request, method: "GET", path: busted, headers: { ...request.headers, ...headers } };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("reqError", (error: NodeJS.ErrnoException) => {
      const cause = error.code ?? error.message;
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
    });
    // autocannon's percentiles skip p95: keep every successful response's latency.
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status < 400) latencies.push(ms);
    });
  });
  const byStatus = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [Number(code), stat.count ?? 0] as const);
  const count = (from: number, to: number) => byStatus.reduce((sum, [code, n]) => sum + (code >= from && code < to ? n : 0), 0);
  const shed = count(503, 504);
  const ok = count(200, 400);
  const errors5xx = count(500, 600) - shed;
  const other4xx = count(400, 500);
  // autocannon counts a timeout among its errors too.
  const noResponse = result.errors;
  const requests = ok + shed + errors5xx + other4xx + noResponse;
  const timing = summarize("page", latencies);
  return {
    database: options.database,
    pages: variant,
    connections,
    seconds: options.seconds,
    requests,
    rps: Math.round(result.requests.average),
    ok,
    shed,
    errors5xx,
    other4xx,
    noResponse,
    noResponseCauses: [...causes].map(([cause, n]) => `${cause} ${n}`).join(", ") || "-",
    answeredShare: share(requests - noResponse, requests),
    shedShare: share(shed, requests),
    errorRate: share(errors5xx + other4xx + noResponse, requests),
    p50Ms: timing.p50,
    p95Ms: timing.p95,
    p99Ms: percentile(latencies, 0.99),
  };
}

function share(part: number, whole: number) {
  return whole ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

function percentile(values: number[], p: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
}

export async function runLoadBench(options: Options): Promise<LoadRun[]> {
  const log = options.log ?? console.log;
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-seed.ts"], {
    env: { ...process.env, ...options.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const app = await startApp({ ...options.env, PAGE_CACHE_SECONDS: "10" });
  try {
    const paths = await pagePaths(app.base);
    const runs: LoadRun[] = [];
    for (const variant of VARIANTS) {
      log(`  ${options.database}: ${options.connections ?? 200} connections for ${options.seconds} s, ${variant}`);
      runs.push(await run(app.base, paths, variant, options));
    }
    return runs;
  } finally {
    await app.stop();
  }
}
