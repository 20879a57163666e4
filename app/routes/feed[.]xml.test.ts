import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { env } from "~/lib/env.server";
import { loader as feedLoader } from "~/routes/feed[.]xml";
import { rfc822, rssFeed } from "~/features/feed/queries.server";
import { publicFileText } from "../../tests/support/public-file";

interface Item {
  title: string;
  link: string;
  guid: string;
  description?: string;
  pubDate: string;
  guidAttr?: string;
}

function items(xml: string): Item[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body]) => {
    const tag = (name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(body!)?.[1];
    return {
      title: tag("title")!,
      link: tag("link")!,
      guid: tag("guid")!,
      description: tag("description"),
      pubDate: tag("pubDate")!,
      guidAttr: /<guid ([^>]*)>/.exec(body!)?.[1],
    };
  });
}

async function newestSlugs(limit: number): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    getDb(),
    sql`select slug from products where status = 'live' and type = 'product' order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => r.slug);
}

describe("RSS feed", () => {
  it("is served as RSS with a valid root and channel", async () => {
    const xml = await publicFileText(await feedLoader(), "application/rss+xml; charset=utf-8");
    const { APP_URL, SITE_NAME } = env();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">')).toBe(true);
    expect(xml.trimEnd().endsWith("</channel>\n</rss>")).toBe(true);
    expect(xml.match(/<channel>/g)).toHaveLength(1);
    const channel = xml.slice(0, xml.indexOf("<item>"));
    expect(channel).toContain(`<title>${SITE_NAME}</title>`);
    expect(channel).toContain(`<link>${APP_URL}</link>`);
    expect(channel).toMatch(/<description>[^<]+<\/description>/);
    expect(channel).toContain(`<atom:link href="${APP_URL}/feed.xml" rel="self" type="application/rss+xml"/>`);
    expect(channel).toMatch(/<lastBuildDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/lastBuildDate>/);
  });

  it("has the 50 newest live products, newest first", async () => {
    const xml = await rssFeed();
    const list = items(xml);
    expect(list).toHaveLength(50);
    const { APP_URL } = env();
    expect(list.map((i) => i.link)).toEqual((await newestSlugs(50)).map((slug) => `${APP_URL}/resources/${slug}`));
    for (const item of list) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.guid).toBe(item.link);
      expect(item.guidAttr).toBe('isPermaLink="true"');
      expect(item.pubDate).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(item.description).toBeTruthy();
      expect(item.description).not.toMatch(/<|>/);
    }
    const times = list.map((i) => Date.parse(i.pubDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("puts a newer product first, escapes it, and drops it when it goes to draft", async () => {
    const db = getDb();
    const [target] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select id, slug from products where status = 'live' order by created_at asc, id asc limit 1`,
    );
    await db.execute(
      sql`update products set created_at = now() + interval '1 day', product_name = 'Tom & Jerry <b>Tools</b>',
          tagline = null, description = '<p>Cartoon <em>tools</em> &amp; more</p><script>alert(1)</script>'
          where id = ${target!.id}`,
    );
    const xml = await rssFeed();
    const [first, second] = items(xml);
    expect(first!.link).toBe(`${env().APP_URL}/resources/${target!.slug}`);
    expect(first!.title).toBe("Tom &amp; Jerry &lt;b&gt;Tools&lt;/b&gt;");
    expect(first!.description).toBe("Cartoon tools &amp; more");
    expect(Date.parse(first!.pubDate)).toBeGreaterThan(Date.parse(second!.pubDate));
    expect(xml).toContain(`<lastBuildDate>${first!.pubDate}</lastBuildDate>`);
    expect(xml).not.toContain("<b>");

    await db.execute(sql`update products set status = 'draft' where id = ${target!.id}`);
    const after = items(await rssFeed());
    expect(after).toHaveLength(50);
    expect(after.map((i) => i.link)).not.toContain(first!.link);
  });

  it("formats dates as RFC 822", () => {
    expect(rfc822(new Date("2024-01-02T03:04:05Z"))).toBe("Tue, 02 Jan 2024 03:04:05 GMT");
  });
});
