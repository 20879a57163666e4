/**
 * Product page request rate against a bare Node HTTP server serving an HTML page of the same
 * size, measured in the same run with the same load generator: uncached renders, anonymous visits
 * served from the page cache, and React Router's floor (bench/floor-server.ts: the same document
 * and handler around a page with no data). Also the gzipped JavaScript a product page loads.
 * Page-cache hits and the bare server are measured in turns (loadInTurns), since the ratio of the
 * two is a target (issue 17).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { processTreeCpuMs } from "./proc";
import { timeMany, type Timing } from "./stats";

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(url: string, child: ChildProcess) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 300_000) throw new Error(`${url} not healthy after 300 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/** `nodeOptions`: flags for Node and V8 before the script (bench/ab.ts compares them). */
/** `cwd`: another checkout of the project (a git worktree at an earlier commit), for before/after runs. */
export async function startApp(env: Record<string, string>, nodeOptions: string[] = [], cwd?: string) {
  const port = await freePort();
  // As `npm start` runs it (package.json).
  const child = spawn(process.execPath, [...nodeOptions, "scripts/start.mjs", "--no-seed"], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent", SEED: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/healthz`, child);
  return { base, pid: child.pid!, stop: () => stop(child) };
}

/**
 * Every server measured here (the app, the bare server, React Router's floor) first gets this much
 * load unmeasured: a process just started runs its first seconds with cold JIT and lazy set-up, and
 * React Router's floor, measured cold, came out at 340-400 req/s where it serves 460-550 warm.
 */
const WARM_UP_SECONDS = 2;

async function load(url: string, seconds: number, serverPid?: number) {
  await autocannon({ url, connections: 50, duration: WARM_UP_SECONDS, pipelining: 1, timeout: 30 });
  // The requests the warm-up left in flight finish before the measured run starts.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const cpuBefore = serverPid ? processTreeCpuMs(serverPid) : 0;
  const result = await autocannon({ url, connections: 50, duration: seconds, pipelining: 1, timeout: 30 });
  const cpuMs = serverPid ? processTreeCpuMs(serverPid) - cpuBefore : 0;
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} responses were not 2xx`);
  // Requests still waiting when the run ends are counted as errors (timeouts) by the load tool.
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    /** The server's CPU per answered request (µs), its processes together; 0 when not measured. */
    cpuUsPerRequest: serverPid && result.requests.total ? (cpuMs * 1000) / result.requests.total : 0,
  };
}

/**
 * Several servers measured in turns (rounds of `seconds` each, in the same order every round),
 * all started and warmed first: on a shared virtual machine the speed of the cores drifts by tens
 * of percent over a minute, so servers measured one after the other compare that drift as much
 * as the servers. Each one's requests, time and CPU are summed over its turns.
 */
export async function loadInTurns(targets: { url: string; pid: number }[], rounds: number, seconds: number) {
  for (const target of targets) await autocannon({ url: target.url, connections: 50, duration: WARM_UP_SECONDS, pipelining: 1, timeout: 30 });
  const sums = targets.map(() => ({ requests: 0, seconds: 0, cpuMs: 0, errors: 0, p99: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      // The requests the previous turn left in flight finish first (a page render can take 0.5 s under load).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const cpuBefore = processTreeCpuMs(target.pid);
      const result = await autocannon({ url: target.url, connections: 50, duration: seconds, pipelining: 1, timeout: 30 });
      const sum = sums[i]!;
      sum.cpuMs += processTreeCpuMs(target.pid) - cpuBefore;
      if (result.non2xx > 0) throw new Error(`${target.url}: ${result.non2xx} responses were not 2xx`);
      sum.requests += result.requests.total;
      sum.seconds += seconds;
      sum.errors += result.errors + result.timeouts;
      sum.p99 = Math.max(sum.p99, result.latency.p99);
    }
  }
  return sums.map((sum) => ({
    rps: sum.requests / sum.seconds,
    p99: sum.p99,
    errors: sum.errors,
    cpuUsPerRequest: sum.requests ? (sum.cpuMs * 1000) / sum.requests : 0,
  }));
}

/** The script URLs a page's HTML makes the browser fetch before it is interactive. */
export function javascriptUrls(html: string): string[] {
  const urls = new Set<string>();
  // Any attribute order: <link rel="modulepreload" fetchpriority="low" href="..."> counts too.
  for (const link of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel="modulepreload"/.test(link[0])) urls.add(/\bhref="([^"]+)"/.exec(link[0])![1]!);
  }
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  // The preloads the deferred bootstrap adds after the first paint (decision 057)...
  for (const m of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) for (const url of JSON.parse(m[1]!) as string[]) urls.add(url);
  // ...and its imports, written inside a string there (\"url\"), or as React Router wrote them.
  for (const m of html.matchAll(/import\(\\?"([^"\\]+\.js)\\?"\)|import\s+[^;]*?from\s*\\?"([^"\\]+\.js)\\?"/g)) urls.add((m[1] ?? m[2])!);
  return [...urls];
}

async function javascriptGzipBytes(base: string, html: string) {
  const urls = javascriptUrls(html);
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).byteLength;
  }
  return { files: urls.length, gzipBytes: total };
}

export async function runHttpBench(options: { env: Record<string, string>; slug: string; seconds?: number }) {
  const seconds = options.seconds ?? 10;
  const productPath = `/resources/${options.slug}`;

  const uncachedApp = await startApp({ ...options.env, PAGE_CACHE_SECONDS: "0" });
  let html: string;
  let js: { files: number; gzipBytes: number };
  let uncached: Awaited<ReturnType<typeof load>>;
  let badge: Timing;
  try {
    const response = await fetch(`${uncachedApp.base}${productPath}`);
    if (response.status !== 200) throw new Error(`product page answered ${response.status}`);
    html = await response.text();
    js = await javascriptGzipBytes(uncachedApp.base, html);
    uncached = await load(`${uncachedApp.base}${productPath}`, seconds);
    // The makers' embeddable badge (issue 11): one client after another, as pages embedding it fetch it.
    badge = await timeMany("GET /badge/{slug}.svg", 300, async () => {
      const answer = await fetch(`${uncachedApp.base}/badge/${options.slug}.svg`);
      if (answer.status !== 200) throw new Error(`badge answered ${answer.status}`);
      await answer.arrayBuffer();
    });
  } finally {
    await uncachedApp.stop();
  }

  // Page-cache hits and the bare server, in turns (loadInTurns).
  const cachedApp = await startApp({ ...options.env, PAGE_CACHE_SECONDS: "600" });
  const port = await freePort();
  const bareSource = `const http=require("http");const body=Buffer.alloc(${Buffer.byteLength(html)},"x");http.createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-length":body.length});s.end(body)}).listen(${port},"127.0.0.1",()=>console.log("ready"))`;
  const bare = spawn(process.execPath, ["-e", bareSource], { stdio: ["ignore", "pipe", "inherit"] });
  let cached: Awaited<ReturnType<typeof load>>;
  let bareResult: Awaited<ReturnType<typeof load>>;
  try {
    await new Promise((resolve) => bare.stdout!.once("data", resolve));
    [cached, bareResult] = (await loadInTurns(
      [
        { url: `${cachedApp.base}${productPath}`, pid: cachedApp.pid },
        { url: `http://127.0.0.1:${port}/`, pid: bare.pid! },
      ],
      5,
      Math.max(2, Math.round(seconds / 5)) * 2,
    )) as [Awaited<ReturnType<typeof load>>, Awaited<ReturnType<typeof load>>];
  } finally {
    await cachedApp.stop();
    await stop(bare);
  }

  // React Router's floor: the same document and request handler around a page with no data at all.
  const floorPort = await freePort();
  const floorBytes = Math.max(0, Buffer.byteLength(html) - 3_500); // the document around the text
  const floor = spawn(path.resolve("node_modules/.bin/tsx"), ["bench/floor-server.ts"], {
    env: { ...process.env, ...options.env, NODE_ENV: "production", PORT: String(floorPort), LOG_LEVEL: "silent", FLOOR_TEXT_BYTES: String(floorBytes) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => floor.stdout!.once("data", resolve));
  let floorResult: Awaited<ReturnType<typeof load>>;
  let floorPageBytes: number;
  try {
    floorPageBytes = Buffer.byteLength(await (await fetch(`http://127.0.0.1:${floorPort}/__floor`)).text());
    floorResult = await load(`http://127.0.0.1:${floorPort}/__floor`, seconds);
  } finally {
    await stop(floor);
  }

  return {
    pageBytes: Buffer.byteLength(html),
    jsFiles: js.files,
    jsGzipKB: js.gzipBytes / 1024,
    bareRps: bareResult.rps,
    uncachedRps: uncached.rps,
    cachedRps: cached.rps,
    uncachedRatio: uncached.rps / bareResult.rps,
    cachedRatio: cached.rps / bareResult.rps,
    // The same ratio in server CPU per request (the bare server's over the cache's): what each
    // request costs the server, whichever side of the wire saturates first.
    cachedCpuUs: cached.cpuUsPerRequest,
    bareCpuUs: bareResult.cpuUsPerRequest,
    cachedCpuRatio: bareResult.cpuUsPerRequest / cached.cpuUsPerRequest,
    floorPageBytes,
    floorRps: floorResult.rps,
    floorRatio: floorResult.rps / bareResult.rps,
    uncachedP99Ms: uncached.p99,
    badgeP50Ms: badge.p50,
    badgeP95Ms: badge.p95,
    cachedP99Ms: cached.p99,
    loadErrors: uncached.errors + cached.errors + bareResult.errors + floorResult.errors,
  };
}

/**
 * How `npm start` scales with worker processes on PostgreSQL (issue 17): the same seeded database
 * served by 1, then 2 workers (WEB_CONCURRENCY), product pages rendered per request (page cache
 * off), then /terms. The load generator runs on the same machine, so on 2 cores it takes a share too.
 */
export async function runWorkerScaling(options: { env: Record<string, string>; seconds?: number; workers?: number[] }) {
  const seconds = options.seconds ?? 10;
  const rows: { workers: number; page: string; rps: number; p99Ms: number; errors: number }[] = [];
  for (const workers of options.workers ?? [1, 2]) {
    const app = await startApp({ ...options.env, PAGE_CACHE_SECONDS: "0", WEB_CONCURRENCY: String(workers) });
    try {
      const list = (await (await fetch(`${app.base}/api/v1/products?limit=1`)).json()) as { items: { slug: string }[] };
      const slug = list.items[0]?.slug;
      if (!slug) throw new Error("no product to load: seed the database first");
      for (const page of [`/resources/${slug}`, "/terms"]) {
        const result = await load(`${app.base}${page}`, seconds);
        rows.push({ workers, page, rps: Math.round(result.rps), p99Ms: result.p99, errors: result.errors });
      }
    } finally {
      await app.stop();
    }
  }
  return rows;
}

/** Rotates through `paths`, one per request, for `seconds`, 50 connections (every request a different page when there are enough). */
async function loadRotating(base: string, paths: string[], seconds: number) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    pipelining: 1,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} responses were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

/** React Router's floor server (bench/floor-server.ts) around text that makes its page `pageBytes` long. */
async function startFloor(env: Record<string, string>, pageBytes: number) {
  const floorPort = await freePort();
  const floor = spawn(path.resolve("node_modules/.bin/tsx"), ["bench/floor-server.ts"], {
    env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(floorPort), LOG_LEVEL: "silent", FLOOR_TEXT_BYTES: String(Math.max(0, pageBytes - 3_500)) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => floor.stdout!.once("data", resolve));
  return { url: `http://127.0.0.1:${floorPort}/__floor`, pid: floor.pid!, stop: () => stop(floor) };
}

export interface PageRate {
  database: string;
  page: string;
  rps: number;
  floorRatio: number;
  p99Ms: number;
  errors: number;
}

/**
 * Issue 17's ratios: pages rendered on every request (page cache off) against React Router's floor
 * measured in the same run, in turns with them. The product page warm (one product, its data cached
 * after the first request) and cold (every request a product not yet visited since the server started: its data read
 * from the database); home, niche, tag and search pages. The database must hold a catalogue
 * (the demo one: `scripts/db-seed.ts`).
 */
export async function runPageRates(options: { database: string; env: Record<string, string>; seconds?: number }): Promise<PageRate[]> {
  const seconds = options.seconds ?? 10;
  const app = await startApp({ ...options.env, PAGE_CACHE_SECONDS: "0" });
  const measured: { page: string; rps: number; p99: number; errors: number; bytes: number }[] = [];
  let floor: { rps: number; p99: number; errors: number };
  try {
    const slugs: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = (await (await fetch(`${app.base}/api/v1/products?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)).json()) as {
        items: { slug: string; product_name: string; tags: string[] }[];
        next_cursor?: string | null;
        nextCursor?: string | null;
      };
      slugs.push(...answer.items.map((item) => item.slug));
      cursor = answer.next_cursor ?? answer.nextCursor ?? null;
    } while (cursor && slugs.length < 5_000);
    const first = (await (await fetch(`${app.base}/api/v1/products?limit=20`)).json()) as { items: { slug: string; product_name: string; tags: string[] }[] };
    const niches = ((await (await fetch(`${app.base}/api/v1/niches`)).json()) as { items: { slug: string }[] }).items;
    const tag = first.items.find((item) => item.tags.length)?.tags[0];
    const word = first.items[0]!.product_name.split(/\s+/)[0]!.toLowerCase();
    if (!slugs.length || !niches.length || !tag) throw new Error("the catalogue is empty: seed it first");

    const warm = `/resources/${slugs[0]}`;
    const pages: [string, string][] = [
      ["product (warm data cache)", warm],
      ["home", "/"],
      ["niche", `/niche/${niches[0]!.slug}`],
      ["tag", `/tag/${encodeURIComponent(tag)}`],
      ["search", `/search?q=${encodeURIComponent(word)}`],
    ];
    // The floor and the pages in turns (loadInTurns): the cores' speed drifts more than the targets' margins.
    const bytes: number[] = [];
    for (const [, url] of pages) bytes.push(Buffer.byteLength(await (await fetch(`${app.base}${url}`)).text()));
    const floorServer = await startFloor(options.env, bytes[0]!);
    try {
      const targets = [{ url: floorServer.url, pid: floorServer.pid }, ...pages.map(([, url]) => ({ url: `${app.base}${url}`, pid: app.pid }))];
      const results = await loadInTurns(targets, 5, Math.max(2, Math.round(seconds / 5)));
      floor = results[0]!;
      pages.forEach(([page], i) => measured.push({ page, ...results[i + 1]!, bytes: bytes[i]! }));
    } finally {
      await floorServer.stop();
    }
    // Cold last: the products not visited yet, each once (the warm one and the lists' are skipped).
    const cold = slugs.slice(1).map((slug) => `/resources/${slug}`);
    const coldBytes = Buffer.byteLength(await (await fetch(`${app.base}${cold.pop()}`)).text());
    const coldSeconds = Math.min(seconds, 5);
    measured.push({ page: `product (cold data cache, ${cold.length} products)`, ...(await loadRotating(app.base, cold, coldSeconds)), bytes: coldBytes });
  } finally {
    await app.stop();
  }
  return [
    { database: options.database, page: "React Router floor", rps: Math.round(floor.rps), floorRatio: 1, p99Ms: floor.p99, errors: floor.errors },
    ...measured.map((m) => ({
      database: options.database,
      page: m.page,
      rps: Math.round(m.rps),
      floorRatio: Math.round((m.rps / floor.rps) * 100) / 100,
      p99Ms: m.p99,
      errors: m.errors,
    })),
  ];
}
