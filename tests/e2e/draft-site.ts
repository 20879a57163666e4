/**
 * The website the AI draft end-to-end tests read (decision 048): started by tests/e2e/serve.ts
 * beside the e2e server, which reads it through a safe fetcher allowed this one loopback port.
 * GET /product?name=&niche= answers a product page whose metadata the offline drafter turns into
 * a listing: the name as og:site_name, a headline in the title, a description, two keywords, and
 * the niche's name in the text so the drafter suggests it.
 */
import fs from "node:fs";
import path from "node:path";
import { startTestSite, type TestSite } from "../../app/lib/fetch/test-server";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const DRAFT_SITE = {
  headline: "Quixotic vellum that files itself",
  tagline: "A brisk vellum ledger for plinth keepers.",
  description: (name: string) => `A brisk vellum ledger for plinth keepers. ${name} keeps every vellum as a plain file on your disk.`,
  tags: ["vellum", "plinth"],
};

export async function startDraftSite(): Promise<TestSite> {
  return startTestSite((request, response) => {
    const url = new URL(request.url ?? "/", "http://site.test");
    if (url.pathname !== "/product") {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const name = url.searchParams.get("name") ?? "Vellum";
    const niche = url.searchParams.get("niche");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${escape(name)} – ${DRAFT_SITE.headline}</title>
<meta name="description" content="${escape(DRAFT_SITE.description(name))}">
<meta name="keywords" content="${DRAFT_SITE.tags.join(", ")}">
<meta property="og:site_name" content="${escape(name)}">
</head><body><h1>${DRAFT_SITE.headline}</h1>
<p>Glimmers and flurbs show how each vellum connects${niche ? `, made for ${escape(niche)}` : ""}.</p>
</body></html>`);
  });
}

/** Where serve.ts writes the site's address for the specs (the e2e data directory, shared with them). */
export function draftSiteFile(dataDir: string) {
  return path.join(dataDir, "draft-site.json");
}

export function readDraftSiteOrigin(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return (JSON.parse(fs.readFileSync(draftSiteFile(dataDir), "utf8")) as { origin: string }).origin;
}
