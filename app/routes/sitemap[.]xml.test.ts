import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseSitemapFileName, sitemapFile } from "~/features/seo/queries.server";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as indexLoader } from "~/routes/sitemap[.]xml";
import { loader as fileLoader } from "~/routes/sitemaps.$file";
import { expectWellFormed, liveSlugs, locs } from "../../tests/support/sitemap-xml";
import { publicFileText } from "../../tests/support/public-file";

const APP_URL = "https://toolnest.example";

beforeAll(() => {
  // env() reads APP_URL on its first call, which happens inside the tests below.
  vi.stubEnv("APP_URL", `${APP_URL}/`);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

type FileLoaderArgs = Parameters<typeof fileLoader>[0];

async function fetchFile(file: string): Promise<Response> {
  const request = new Request(`${APP_URL}/sitemaps/${file}`);
  return fileLoader({ request, params: { file }, context: {} } as unknown as FileLoaderArgs);
}

describe("robots.txt", () => {
  it("allows crawling, keeps private areas out and points at the sitemap", async () => {
    const text = await publicFileText(robotsLoader(), "text/plain; charset=utf-8");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/api/", "/auth", "/login", "/profile", "/onboarding", "/my-products", "/submit-product-details", "/claim-product"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe("sitemap index", () => {
  it("lists the product, taxonomy and tags files", async () => {
    const xml = await publicFileText(await indexLoader(), "application/xml; charset=utf-8");
    expectWellFormed(xml, "sitemapindex");
    expect(locs(xml)).toEqual([
      `${APP_URL}/sitemaps/products-1.xml`,
      `${APP_URL}/sitemaps/taxonomy-1.xml`,
      `${APP_URL}/sitemaps/tags-1.xml`,
    ]);
    // The products file says when it last changed.
    expect(xml).toMatch(/<loc>[^<]*products-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });
});

describe("products sitemap", () => {
  it("has every live product at /resources/{slug} with a lastmod", async () => {
    const xml = await publicFileText(await fetchFile("products-1.xml"), "application/xml; charset=utf-8");
    expectWellFormed(xml, "urlset");
    const urls = locs(xml);
    expect(urls).toHaveLength(3198);
    for (const url of urls) expect(url).toMatch(/^https:\/\/toolnest\.example\/resources\/[a-z0-9-]+$/);
    expect(urls).toEqual((await liveSlugs()).map((slug) => `${APP_URL}/resources/${slug}`));
    expect(xml.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/g)).toHaveLength(3198);
  });
});

describe("sitemap file names", () => {
  it("answers 404 for unknown kinds, malformed names and pages past the end", async () => {
    for (const file of [
      "products-abc.xml",
      "products-0.xml",
      "products-999999.xml",
      "products-01.xml",
      "products-2.xml",
      "products-1.xml.gz",
      "products-1",
      "products.xml",
      "users-1.xml",
      "taxonomy-2.xml",
      "tags-2.xml",
      "-1.xml",
    ]) {
      const response = await fetchFile(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    }
    expect(parseSitemapFileName("tags-12.xml")).toEqual({ kind: "tags", page: 12 });
    expect(parseSitemapFileName("products-99999999999.xml")).toBeNull();
    expect(await sitemapFile("nope", 1)).toBeNull();
    expect(await sitemapFile("products", 0)).toBeNull();
    expect(await sitemapFile("products", 1.5)).toBeNull();
  });
});
