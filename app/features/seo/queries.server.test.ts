import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { escapeXml } from "~/lib/text";
import { expectWellFormed, liveSlugs, locs } from "../../../tests/support/sitemap-xml";
import { SITEMAP_MAX_URLS, sitemapFile, sitemapIndex } from "./queries.server";

const APP_URL = "https://toolnest.example";

beforeAll(() => {
  // env() reads APP_URL on its first call, which happens inside the tests below.
  vi.stubEnv("APP_URL", `${APP_URL}/`);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

// The HTTP answers (types, caching, 404s) are tested with the routes: app/routes/sitemap[.]xml.test.ts.
describe("sitemap index", () => {
  it("splits into files of the page size", async () => {
    const xml = await sitemapIndex({ pageSize: 1000 });
    const files = locs(xml).map((loc) => loc.replace(`${APP_URL}/sitemaps/`, ""));
    expect(files.filter((f) => f.startsWith("products-"))).toEqual([
      "products-1.xml",
      "products-2.xml",
      "products-3.xml",
      "products-4.xml",
    ]);
    expect(files).toContain("taxonomy-1.xml");
    expect(files).toContain("tags-1.xml");
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    await expect(sitemapIndex({ pageSize: SITEMAP_MAX_URLS + 1 })).rejects.toThrow(RangeError);
  });
});

describe("products sitemap", () => {
  it("pages by 1,000: four files, the last with 198, together every product once", async () => {
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page++) {
      const xml = await sitemapFile("products", page, { pageSize: 1000 });
      expect(xml).not.toBeNull();
      pages.push(locs(xml!));
    }
    expect(pages.map((p) => p.length)).toEqual([1000, 1000, 1000, 198]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(3198);
    expect(all).toEqual((await liveSlugs()).map((slug) => `${APP_URL}/resources/${slug}`));
    expect(await sitemapFile("products", 5, { pageSize: 1000 })).toBeNull();
  });

  it("drops a product set to draft, and a suggestion", async () => {
    const [first, second] = await liveSlugs();
    await getDb().execute(sql`update products set status = 'draft' where slug = ${first!}`);
    await getDb().execute(sql`update products set type = 'suggestion' where slug = ${second!}`);
    try {
      const urls = locs((await sitemapFile("products", 1))!);
      expect(urls).toHaveLength(3196);
      expect(urls).not.toContain(`${APP_URL}/resources/${first}`);
      expect(urls).not.toContain(`${APP_URL}/resources/${second}`);
    } finally {
      await getDb().execute(sql`update products set status = 'live', type = 'product' where slug in (${first!}, ${second!})`);
    }
  });
});

describe("taxonomy sitemap", () => {
  async function taxonomyUrls() {
    const xml = (await sitemapFile("taxonomy", 1))!;
    expectWellFormed(xml, "urlset");
    return locs(xml);
  }

  it("has home, /ai-tools, the niches, their subcategory pages and the parent subcategories", async () => {
    const urls = await taxonomyUrls();
    expect(urls.slice(0, 2)).toEqual([`${APP_URL}/`, `${APP_URL}/ai-tools`]);
    const niches = urls.filter((u) => /^https:\/\/toolnest\.example\/niche\/[^/]+$/.test(u));
    const nicheSubs = urls.filter((u) => /\/niche\/[^/]+\/subcategory\/[^/]+$/.test(u));
    const parents = urls.filter((u) => /\/parent-subcategory\/[^/]+$/.test(u));
    expect(niches).toHaveLength(14);
    // 16 of the demo's 146 subcategories have no products: they are left out.
    expect(parents).toHaveLength(130);
    expect(parents).not.toContain(`${APP_URL}/parent-subcategory/genealogy`);
    expect(nicheSubs.some((u) => u.endsWith("/subcategory/genealogy"))).toBe(false);
    const [links] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from niche_subcategories ns
          where exists (
            select 1 from product_subcategories ps
              join product_niches pn on pn.product_id = ps.product_id and pn.niche_id = ns.niche_id
            where ps.subcategory_id = ns.subcategory_id)`,
    );
    expect(Number(links!.n)).toBeGreaterThanOrEqual(130);
    expect(nicheSubs).toHaveLength(Number(links!.n));
    expect(urls).toHaveLength(2 + 14 + Number(links!.n) + 130);
    expect(new Set(urls).size).toBe(urls.length);

    const [pair] = await queryRows<{ niche: string; sub: string }>(
      getDb(),
      sql`select n.slug as niche, s.slug as sub from niche_subcategories ns
          join niches n on n.id = ns.niche_id join subcategories s on s.id = ns.subcategory_id limit 1`,
    );
    expect(urls).toContain(`${APP_URL}/niche/${pair!.niche}`);
    expect(urls).toContain(`${APP_URL}/niche/${pair!.niche}/subcategory/${pair!.sub}`);
    expect(urls).toContain(`${APP_URL}/parent-subcategory/${pair!.sub}`);
  });

  it("leaves out draft niches and subcategories, and those without live products", async () => {
    const db = getDb();
    const before = await taxonomyUrls();
    const [niche] = await queryRows<{ id: number; slug: string }>(db, sql`select id, slug from niches order by id limit 1`);
    const [draftSub] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select s.id, s.slug from subcategories s
          where exists (select 1 from product_subcategories ps where ps.subcategory_id = s.id)
          order by s.id desc limit 1`,
    );
    // A subcategory whose products are all drafts.
    const [emptySub] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select s.id, s.slug from subcategories s
          where s.id <> ${draftSub!.id} and (select count(*) from product_subcategories ps where ps.subcategory_id = s.id) between 1 and 5
          order by s.id limit 1`,
    );
    await db.execute(sql`update niches set status = 'draft' where id = ${niche!.id}`);
    await db.execute(sql`update subcategories set status = 'draft' where id = ${draftSub!.id}`);
    await db.execute(
      sql`update products set status = 'draft' where id in (select product_id from product_subcategories where subcategory_id = ${emptySub!.id})`,
    );
    try {
      const urls = await taxonomyUrls();
      expect(urls.some((u) => u.includes(`/niche/${niche!.slug}`))).toBe(false);
      expect(urls.some((u) => u.endsWith(`/subcategory/${draftSub!.slug}`))).toBe(false);
      expect(urls).not.toContain(`${APP_URL}/parent-subcategory/${draftSub!.slug}`);
      expect(urls.some((u) => u.endsWith(`/subcategory/${emptySub!.slug}`))).toBe(false);
      expect(urls).not.toContain(`${APP_URL}/parent-subcategory/${emptySub!.slug}`);
      expect(urls.filter((u) => /\/niche\/[^/]+$/.test(u))).toHaveLength(13);
    } finally {
      await db.execute(sql`update niches set status = 'published' where id = ${niche!.id}`);
      await db.execute(sql`update subcategories set status = 'published' where id = ${draftSub!.id}`);
      await db.execute(
        sql`update products set status = 'live' where id in (select product_id from product_subcategories where subcategory_id = ${emptySub!.id})`,
      );
    }
    expect(await taxonomyUrls()).toEqual(before);
  });

  it("lists a parent subcategory whose live products sit in a published child", async () => {
    const db = getDb();
    const [parent] = await queryRows<{ id: number }>(db, sql`select id from subcategories where slug = 'genealogy'`);
    const [child] = await queryRows<{ id: number }>(
      db,
      sql`insert into subcategories (name, slug, status, is_parent, parent_id)
          values ('Family Trees', 'family-trees', 'published', false, ${parent!.id}) returning id`,
    );
    const [product] = await queryRows<{ id: number }>(db, sql`select id from products order by id limit 1`);
    await db.execute(sql`insert into product_subcategories (product_id, subcategory_id) values (${product!.id}, ${child!.id})`);
    try {
      const urls = await taxonomyUrls();
      expect(urls).toContain(`${APP_URL}/parent-subcategory/genealogy`);
      // The child is not a parent subcategory and is not linked to a niche: no page of its own here.
      expect(urls.some((u) => u.endsWith("/family-trees"))).toBe(false);
      await db.execute(sql`update subcategories set status = 'draft' where id = ${child!.id}`);
      expect(await taxonomyUrls()).not.toContain(`${APP_URL}/parent-subcategory/genealogy`);
    } finally {
      await db.execute(sql`delete from subcategories where id = ${child!.id}`);
    }
  });
});

describe("tags sitemap", () => {
  it("has each distinct tag of live products once, URL-encoded", async () => {
    const xml = (await sitemapFile("tags", 1))!;
    expectWellFormed(xml, "urlset");
    const urls = locs(xml);
    const tags = await queryRows<{ tag: string }>(
      getDb(),
      sql`select distinct unnest(tags) as tag from products where status = 'live' and type = 'product'`,
    );
    expect(urls).toHaveLength(tags.length);
    expect(new Set(urls)).toEqual(new Set(tags.map((t) => `${APP_URL}/tag/${encodeURIComponent(t.tag)}`)));
    expect(urls).toContain(`${APP_URL}/tag/discord`);
  });

  it("pages the tags too", async () => {
    const all = locs((await sitemapFile("tags", 1))!);
    const pageSize = Math.ceil(all.length / 3);
    const pages = [1, 2, 3].map(async (page) => locs((await sitemapFile("tags", page, { pageSize }))!));
    expect((await Promise.all(pages)).flat()).toEqual(all);
    expect(await sitemapFile("tags", 4, { pageSize })).toBeNull();
  });

  it("escapes a tag with & and < so the XML stays valid", async () => {
    const [product] = await liveSlugs();
    const tag = `R&D <beta> "q" 'x'`;
    await getDb().execute(sql`update products set tags = array[${tag}]::text[] || tags where slug = ${product!}`);
    const xml = (await sitemapFile("tags", 1))!;
    expectWellFormed(xml, "urlset");
    expect(xml).toContain(`<loc>${APP_URL}/tag/R%26D%20%3Cbeta%3E%20%22q%22%20&apos;x&apos;</loc>`);
    expect(xml).not.toContain("<beta>");
    expect(escapeXml(`a & b <c> "d" 'e'`)).toBe("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;");
    expect(escapeXml("bell\u0007")).toBe("bell");

    // A draft product's tags are not listed.
    const tagUrl = `${APP_URL}/tag/${encodeURIComponent(tag).replace(/'/g, "&apos;")}`;
    await getDb().execute(sql`update products set status = 'draft' where slug = ${product!}`);
    expect(locs((await sitemapFile("tags", 1))!)).not.toContain(tagUrl);
    await getDb().execute(sql`update products set status = 'live' where slug = ${product!}`);
    expect(locs((await sitemapFile("tags", 1))!)).toContain(tagUrl);
  });
});
