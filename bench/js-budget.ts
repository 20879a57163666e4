/**
 * The JavaScript budget of issue 17: the gzipped JavaScript a page loads, per file, counted the way
 * bench/http.ts counts it (every modulepreload link, script src and static or dynamic import named in
 * the page's HTML; each file gzipped at level 9). Unlike bench/http.ts's first version, a
 * modulepreload link counts whatever the order of its attributes.
 *
 *   npx tsx bench/js-budget.ts                      # starts the production server on ./build (or
 *                                                   # REACT_ROUTER_BUILD_DIR) with a seeded data dir
 *   npx tsx bench/js-budget.ts --base http://127.0.0.1:4611   # measures a running server
 *   options: --slug <product slug> (default: the first product linked from home), --json,
 *            --loaded: also open both pages in Chromium and count every JavaScript file the visit
 *            downloads until 5 s after `load` (deferred parts, service worker client and script)
 *
 * bench/run.ts can call measureJavaScriptBudget(base) on a server it already runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromiumArgs, chromiumPath } from "../tests/e2e/chromium";
import { freePort, javascriptUrls, waitHealthy } from "./http";

/**
 * Issue 17: "JavaScript on a product page: <= 130 KB gzipped". Held at 130.5 KB since the upvote and
 * save buttons became plain forms (decision 082): the page measures about 130.1 KB in a checkout
 * with its own node_modules, over the target by ~0.15 KB that is still to be won back (decision 052).
 * The same sources measure ~0.4 KB less in a worktree whose node_modules is a link elsewhere
 * (module order, then minified names, change), so measure in a plain checkout.
 */
export const PRODUCT_PAGE_BUDGET_BYTES = 130.5 * 1024;

export type JavaScriptFile = { url: string; bytes: number; gzipBytes: number };
export type PageJavaScript = { path: string; files: JavaScriptFile[]; bytes: number; gzipBytes: number };

export async function measurePage(base: string, pagePath: string): Promise<PageJavaScript> {
  const response = await fetch(new URL(pagePath, base));
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
  const html = await response.text();
  const files: JavaScriptFile[] = [];
  for (const url of javascriptUrls(html)) {
    const answer = await fetch(new URL(url, base));
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    const body = Buffer.from(await answer.arrayBuffer());
    files.push({ url, bytes: body.byteLength, gzipBytes: zlib.gzipSync(body, { level: 9 }).byteLength });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    path: pagePath,
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

/** Home and one product page (the first one home links to, unless a slug is given). */
export async function measureJavaScriptBudget(base: string, slug?: string) {
  const home = await measurePage(base, "/");
  if (!slug) {
    const html = await (await fetch(new URL("/", base))).text();
    slug = /href="\/resources\/([^"/?#]+)"/.exec(html)?.[1];
    if (!slug) throw new Error("home links to no product; pass --slug");
  }
  const product = await measurePage(base, `/resources/${slug}`);
  return { home, product, budgetBytes: PRODUCT_PAGE_BUDGET_BYTES, withinBudget: product.gzipBytes <= PRODUCT_PAGE_BUDGET_BYTES };
}

/**
 * What a visit downloads, not only what the HTML names: every JavaScript response the page (or its
 * service worker) receives from navigation until `settleMs` after the `load` event, in a fresh
 * Chromium profile with service workers allowed. Each file gzipped at level 9, as above.
 */
export async function measureLoadedPage(base: string, pagePath: string, settleMs = 5000): Promise<PageJavaScript> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ serviceWorkers: "allow" });
    const seen = new Map<string, Promise<JavaScriptFile | undefined>>();
    context.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(base).origin || !url.pathname.endsWith(".js") || seen.has(url.pathname)) return;
      seen.set(
        url.pathname,
        response.body().then(
          (body) => ({ url: url.pathname, bytes: body.byteLength, gzipBytes: zlib.gzipSync(body, { level: 9 }).byteLength }),
          () => undefined,
        ),
      );
    });
    const page = await context.newPage();
    await page.goto(new URL(pagePath, base).href, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const files = (await Promise.all(seen.values())).filter((file): file is JavaScriptFile => file !== undefined);
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      path: `${pagePath} (loaded, ${settleMs / 1000} s)`,
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

export function formatPage(page: PageJavaScript): string {
  const lines = [`${page.path}: ${page.files.length} files, ${kb(page.gzipBytes).trim()} KB gzipped (${kb(page.bytes).trim()} KB raw)`];
  for (const file of page.files) lines.push(`  ${kb(file.gzipBytes)} KB gz ${kb(file.bytes)} KB  ${file.url}`);
  return lines.join("\n");
}

async function startSeededServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  // A data dir of its own, kept between runs so only the first run pays for the seed.
  const dataDir = path.resolve(".tmp/js-budget-data");
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", PAGE_CACHE_SECONDS: "0" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/healthz`, child);
  return {
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const given = option("--base");
  const server = given ? { base: given, stop: async () => {} } : await startSeededServer();
  try {
    const result = await measureJavaScriptBudget(server.base, option("--slug"));
    const loaded = args.includes("--loaded")
      ? { home: await measureLoadedPage(server.base, result.home.path), product: await measureLoadedPage(server.base, result.product.path) }
      : undefined;
    if (args.includes("--json")) {
      console.log(JSON.stringify({ ...result, loaded }, null, 2));
      return;
    }
    console.log(formatPage(result.home));
    console.log();
    console.log(formatPage(result.product));
    console.log();
    if (loaded) {
      console.log(formatPage(loaded.home));
      console.log();
      console.log(formatPage(loaded.product));
      console.log();
    }
    console.log(
      `Product page: ${(result.product.gzipBytes / 1024).toFixed(1)} KB gzipped, budget ${result.budgetBytes / 1024} KB: ${result.withinBudget ? "within" : "OVER"}`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1] && path.resolve(process.argv[1])}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
