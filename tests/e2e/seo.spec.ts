import { expect, open, test } from "./fixtures";

// Head tags of every page type, robots.txt, the sitemaps, the RSS feed and HTTP caching.

const PAGES = [
  "/",
  "/niche/developers",
  "/niche/developers/subcategory/api-development-and-testing",
  "/parent-subcategory/api-development-and-testing",
  "/ai-tools",
  "/tag/macos",
  "/resources/notion",
  "/search",
  "/search?q=notion",
];

function attribute(tag: string, name: string) {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The first `<meta>` or `<link>` tag whose `key` attribute equals `value`. */
function headTag(html: string, element: "meta" | "link", key: string, value: string) {
  return [...html.matchAll(new RegExp(`<${element}\\s[^>]*>`, "g"))].map((m) => m[0]).find((tag) => attribute(tag, key) === value);
}

test("every page type has a title, description, canonical, Open Graph and Twitter tags", async ({ request, baseURL }) => {
  for (const path of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.length, path).toBeGreaterThan(0);

    const title = /<title>([^<]+)<\/title>/.exec(head)?.[1];
    expect(title, `${path} title`).toContain("Toolnest");
    expect(attribute(headTag(head, "meta", "name", "description") ?? "", "content"), `${path} description`).toMatch(/\S{3}/);
    const canonical = attribute(headTag(head, "link", "rel", "canonical") ?? "", "href");
    expect(canonical?.startsWith(`${baseURL}/`), `${path} canonical ${canonical}`).toBe(true);
    expect(new URL(canonical!).pathname, `${path} canonical`).toBe(new URL(path, baseURL).pathname);
    expect(attribute(headTag(head, "meta", "property", "og:title") ?? "", "content"), `${path} og:title`).toMatch(/\S/);
    expect(attribute(headTag(head, "meta", "name", "twitter:card") ?? "", "content"), `${path} twitter:card`).toMatch(/^summary/);
  }
});

/** The head tags a reader or a crawler sees, as the document has them now. */
function readHead() {
  const content = (selector: string) => document.querySelector(selector)?.getAttribute("content");
  return {
    title: document.title,
    description: content('meta[name="description"]'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    ogTitle: content('meta[property="og:title"]'),
    ogDescription: content('meta[property="og:description"]'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? "null") as unknown),
  };
}

test("a product page reached by a client-side navigation has the same head tags as the server's page", async ({ page }) => {
  await open(page, "/search?q=notion");
  await page.getByRole("main").locator('a[href="/resources/notion"]').first().click();
  await expect(page).toHaveURL(/\/resources\/notion$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notion");
  const navigated = await page.evaluate(readHead);
  expect(navigated.jsonLd.map((ld) => (ld as { "@type": string })["@type"])).toEqual(["SoftwareApplication", "BreadcrumbList"]);
  // The same page as the server sends it (its scripts blocked, so nothing in the browser changes it).
  const served = await page.context().newPage();
  await served.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await served.goto("/resources/notion");
  expect(navigated).toEqual(await served.evaluate(readHead));
});

test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*/m);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap index lists sitemap files and the products file lists product pages", async ({ request, baseURL }) => {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toMatch(/xml/);
  const xml = await index.text();
  expect(xml).toContain("<sitemapindex");
  const files = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(file.startsWith(`${baseURL}/`)).toBe(true);

  const productsFile = files.find((file) => /products/.test(file));
  expect(productsFile).toBeDefined();
  const products = await request.get(new URL(productsFile!).pathname);
  expect(products.status()).toBe(200);
  const urls = [...(await products.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(100);
  for (const url of urls) expect(url.startsWith(`${baseURL}/resources/`), url).toBe(true);
  expect(urls).toContain(`${baseURL}/resources/notion`);

  expect((await request.get("/sitemaps/nope.xml")).status()).toBe(404);
});

test("/feed.xml is an RSS feed of product pages", async ({ request, baseURL }) => {
  const response = await request.get("/feed.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml/);
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain("<channel>");
  const items = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>[\s\S]*?<\/item>/g)].map((m) => m[1]!);
  expect(items.length).toBeGreaterThan(0);
  for (const link of items) expect(link.startsWith(`${baseURL}/resources/`)).toBe(true);
});

test("anonymous pages send a public Cache-Control and an ETag that answers 304", async ({ request }) => {
  for (const path of ["/", "/niche/developers", "/resources/notion", "/tag/macos", "/search?q=notion"]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()["cache-control"], path).toContain("public");
    const etag = first.headers()["etag"];
    expect(etag, path).toBeTruthy();
    const again = await request.get(path, { headers: { "If-None-Match": etag! } });
    expect(again.status(), path).toBe(304);
    expect(await again.body()).toHaveLength(0);
    const other = await request.get(path, { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(other.status(), path).toBe(200);
  }
});
