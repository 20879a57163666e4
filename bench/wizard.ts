/**
 * The submission wizard's save action through the real HTTP path (issue 11): the production
 * server on PGlite, Better Auth sessions, the Origin check, the per-user rate limit, the
 * ownership lock and the shared product write, one transaction per save. Signed-in makers each
 * open a draft through My Products and save its Product Info step (and its maker comment) again
 * and again, one request at a time; the figure is the latency of the save (302 to the next step).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "./http";
import { summarize, type Timing } from "./stats";

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/dev`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, redirectTo: "/" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`dev sign-in answered ${response.status} without a session cookie`);
  return session.split(";")[0]!;
}

async function postForm(base: string, cookie: string, pathname: string, fields: Record<string, string>) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return response;
}

export async function runWizardBench(options: { makers?: number; savesPerMaker?: number; log?: (line: string) => void } = {}): Promise<Timing[]> {
  const makers = options.makers ?? 10;
  const saves = options.savesPerMaker ?? 20;
  const log = options.log ?? console.log;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-wizard-"));
  try {
    const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: "", APP_URL: "", GOOGLE_CLIENT_ID: "", AUTH_SECRET: crypto.randomBytes(32).toString("hex"), PAGE_CACHE_SECONDS: "0" });
    try {
      // The app's own origin (startApp sets APP_URL to it): React Router compares Origin with it.
      const base = app.base;
      const info: number[] = [];
      const comment: number[] = [];
      for (let m = 0; m < makers; m++) {
        const cookie = await signIn(base, `bench-maker-${m}@example.com`);
        const created = await postForm(base, cookie, "/my-products/new", { intent: "details", productName: `Bench Wizard ${m}`, websiteUrl: `bench-${m}.example.com`, pricing: "free" });
        const location = created.headers.get("Location") ?? "";
        if (created.status !== 302 || !location.startsWith("/submit-product-details?product=")) throw new Error(`creating a draft answered ${created.status} ${location}`);
        for (let i = 0; i < saves; i++) {
          const fields = {
            intent: "product-info",
            productName: `Bench Wizard ${m}`,
            headline: `Saved ${i} times, still a good headline`,
            tagline: "Benchmarked",
            description: `A description long enough for the wizard's check, revision ${i} of the bench run.`,
            websiteUrl: `bench-${m}.example.com`,
            pricing: "freemium",
            features: `tag-${i % 3}`,
          };
          let started = performance.now();
          const saved = await postForm(base, cookie, location, fields);
          info.push(performance.now() - started);
          if (saved.status !== 302) throw new Error(`Product Info save answered ${saved.status}`);
          if (i % 4 === 0) {
            started = performance.now();
            const commented = await postForm(base, cookie, location, { intent: "maker-comment", makerComment: `Comment ${i}` });
            comment.push(performance.now() - started);
            if (commented.status !== 302) throw new Error(`maker comment save answered ${commented.status}`);
          }
        }
      }
      const timings = [summarize("wizard save: Product Info", info.slice(5)), summarize("wizard save: maker comment", comment)];
      log(`  ${makers} makers, ${saves} Product Info saves each (first 5 left out as warm-up)`);
      return timings;
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/wizard.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runWizardBench());
}
