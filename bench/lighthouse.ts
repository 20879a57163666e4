/**
 * Lighthouse (mobile) on a product page, the home page and a niche page (issue 17): performance,
 * accessibility, best practices, SEO, LCP, CLS, TBT and FCP, the median of 3 runs per page, and the
 * audits that fail. Lighthouse's default config: a mobile device with simulated throttling.
 *
 *   flock /tmp/toolnest-bench.lock npx tsx bench/lighthouse.ts [--runs 3] [--base http://127.0.0.1:4612]
 *     [--paths /,/niche/x] [--json figures.json] [--reports dir]   (dir: each median run's full report)
 *
 * Without --base it builds into REACT_ROUTER_BUILD_DIR (default .tmp/build-lh), starts the
 * production server on a fresh data directory (the demo catalogue is seeded on the first start) on
 * PORT (default 4612), and stops it afterwards. bench/run.ts calls runLighthouse on its own server.
 * Chromium is CHROME_PATH or /usr/bin/chromium.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { waitHealthy } from "./http";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number;
  /** Lighthouse's one-line figure, e.g. "Potential savings of 120 KiB". */
  display?: string;
  /** Up to three offending items (element selectors or URLs). */
  items: string[];
}

export interface LighthousePage {
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds (LCP, TBT, FCP) under simulated mobile throttling. */
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** The LCP element of the median run, as Lighthouse names it. */
  lcpElement?: string;
  failing: FailingAudit[];
  /** Lighthouse's full report of the median run (written to disk by --reports). */
  report: Result;
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function itemLabel(item: Record<string, unknown>): string | undefined {
  const node = item.node as { snippet?: string; selector?: string } | undefined;
  if (node?.snippet) return node.snippet.slice(0, 140);
  if (typeof item.url === "string") return item.url.length > 120 ? `${item.url.slice(0, 120)}…` : item.url;
  if (typeof item.source === "object" && item.source && "url" in item.source) return String((item.source as { url: unknown }).url);
  return undefined;
}

function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      // Metrics are reported in the table; a numeric audit "passes" at Lighthouse's green (0.9).
      if (ref.group === "metrics") continue;
      const threshold = audit.scoreDisplayMode === "numeric" ? 0.9 : 1;
      if (audit.score >= threshold) continue;
      const details = audit.details as { items?: unknown } | undefined;
      const rows = Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
      const items = rows.map(itemLabel).filter((label): label is string => Boolean(label)).slice(0, 3);
      failing.push({ category, id: audit.id, title: audit.title, score: audit.score, display: audit.displayValue, items });
    }
  }
  return failing;
}

function lcpElement(lhr: Result): string | undefined {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160);
}

/**
 * Runs Lighthouse's default (mobile, simulated throttling) config `runs` times on each path of
 * `base` and reports the median of each figure. Failing audits and the LCP element come from the
 * median run (Lighthouse's own choice: the run closest to the median FCP and TTI).
 */
export async function runLighthouse(
  base: string,
  paths: string[],
  options: { runs?: number; chromePath?: string; log?: (line: string) => void } = {},
): Promise<LighthousePage[]> {
  const runs = options.runs ?? 3;
  const log = options.log ?? (() => {});
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const pages: LighthousePage[] = [];
    for (const pagePath of paths) {
      const url = new URL(pagePath, base).href;
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
        results.push(result.lhr);
        log(`  ${pagePath} run ${run + 1}: performance ${result.lhr.categories.performance?.score}`);
      }
      const score = (category: (typeof CATEGORIES)[number]) => median(results.map((r) => r.categories[category]?.score ?? 0));
      const metric = (id: string) => median(results.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      const medianRun = computeMedianRun(results);
      pages.push({
        path: pagePath,
        runs,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(metric("largest-contentful-paint")),
        cls: Number(metric("cumulative-layout-shift").toFixed(3)),
        tbtMs: Math.round(metric("total-blocking-time")),
        fcpMs: Math.round(metric("first-contentful-paint")),
        lcpElement: lcpElement(medianRun),
        failing: failingAudits(medianRun),
        report: medianRun,
      });
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(pages: LighthousePage[]) {
  console.table(
    pages.map((p) => ({
      page: p.path,
      perf: p.performance,
      a11y: p.accessibility,
      "best pr.": p.bestPractices,
      seo: p.seo,
      "LCP s": (p.lcpMs / 1000).toFixed(2),
      CLS: p.cls,
      "TBT ms": p.tbtMs,
      "FCP s": (p.fcpMs / 1000).toFixed(2),
    })),
  );
  for (const page of pages) {
    console.log(`\n${page.path}: LCP element ${page.lcpElement ?? "(none)"}`);
    if (!page.failing.length) console.log("  no failing audits");
    for (const audit of page.failing) {
      console.log(`  [${audit.category}] ${audit.id} (${audit.score})${audit.display ? `: ${audit.display}` : ""}`);
      for (const item of audit.items) console.log(`      ${item}`);
    }
  }
}

/** The first product and niche pages the home page links to (the seeded demo catalogue). */
export async function pickPages(base: string): Promise<string[]> {
  const html = await (await fetch(new URL("/", base))).text();
  const product = html.match(/href="(\/resources\/[^"/?#]+)"/)?.[1];
  const niche = html.match(/href="(\/niche\/[^"/?#]+)"/)?.[1];
  if (!product || !niche) throw new Error("the home page links to no product or niche page: is the catalogue seeded?");
  return [product, "/", niche];
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      base: { type: "string" },
      json: { type: "string" },
      reports: { type: "string" },
      paths: { type: "string" },
    },
  });
  let base = values.base;
  let stop = async () => {};
  if (!base) {
    const port = process.env.PORT ?? "4612";
    base = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-lh-"));
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
      env: {
        ...process.env,
        REACT_ROUTER_BUILD_DIR: process.env.REACT_ROUTER_BUILD_DIR ?? ".tmp/build-lh",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: port,
        HOST: "127.0.0.1",
        APP_URL: base,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    stop = async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    await waitHealthy(`${base}/healthz`, child);
  }
  try {
    const paths = values.paths ? values.paths.split(",") : await pickPages(base);
    const pages = await runLighthouse(base, paths, { runs: Number(values.runs), log: console.log });
    printLighthouse(pages);
    if (values.json) fs.writeFileSync(values.json, JSON.stringify(pages.map(({ report: _report, ...page }) => page), null, 2));
    if (values.reports) {
      fs.mkdirSync(values.reports, { recursive: true });
      for (const page of pages) {
        const name = page.path === "/" ? "home" : page.path.replace(/^\//, "").replace(/[^\w-]+/g, "_");
        fs.writeFileSync(path.join(values.reports, `${name}.json`), JSON.stringify(page.report));
      }
    }
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
