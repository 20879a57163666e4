import http from "node:http";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { clearMemo } from "~/features/catalog/memo.server";
import * as submitModule from "~/routes/submit";
import { loader as feedLoader } from "~/routes/feed[.]xml";
import { loader as homeLoader } from "~/routes/home";
import { loader as productPageLoader } from "~/routes/product";
import { loader as searchPageLoader } from "~/routes/search";
import { loader as sitemapFileLoader } from "~/routes/sitemaps.$file";
import { loader as tagLoader } from "~/routes/tag";
import { loader as apiListLoader } from "~/routes/api.v1.products";
import { loader as apiProductLoader } from "~/routes/api.v1.products.$slug";
import { loader as apiSearchLoader } from "~/routes/api.v1.search";
import { FLASH_COOKIE } from "~/lib/http/headers";
import { APP_URL, signedInCookie } from "../../tests/support/auth";
import { serveSitePages } from "../../tests/support/data-server";

/**
 * /submit through the real Express app and React Router's request handling (root → _site →
 * submit), with an entry that answers the loaders' and action's data instead of rendering HTML.
 */
const site = serveSitePages([{ id: "routes/submit", path: "submit", module: submitModule }]);

/**
 * A form post as a browser on APP_URL sends it (node:http, since fetch cannot set Host, which
 * React Router compares with the post's Origin).
 */
function postForm(fields: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams(fields).toString();
  const { port } = new URL(site.base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/submit",
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Host: new URL(APP_URL).host, Origin: APP_URL, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of [value ?? []].flat()) answer.append(name, one);
          }
          const status = response.statusCode!;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("/submit over HTTP", () => {
  it("shows a signed-out visitor the form with the text a sign-in brought back, without submitting it", async () => {
    const response = await fetch(`${site.base}/submit?text=Figma&text=for+design`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { loaderData: Record<string, { text?: string }> };
    expect(body.loaderData["routes/submit"]).toEqual({ text: "Figma\nfor design" });
    const [{ n }] = (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products where description = 'Figma\nfor design'`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("stores a member's suggestion and redirects to My Products with the thanks; a cross-site post stores nothing", async () => {
    const cookie = await signedInCookie("suggest.http@example.com");
    // Refused before our action by React Router's own origin check (400), or by ours (403).
    const forged = await postForm({ text: "Forged suggestion" }, { Cookie: cookie, Origin: "https://evil.example" });
    expect([400, 403]).toContain(forged.status);

    const response = await postForm({ text: "Penpot, open-source design" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-products?tab=products");
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${FLASH_COOKIE}=`))).toBe(true);
    const rows = await queryRows<{ description: string; status: string; type: string }>(
      getDb(),
      sql`select p.description, p.status, p.type from products p join "user" u on u.id = p.submitter_id where u.email = 'suggest.http@example.com'`,
    );
    expect(rows).toEqual([{ description: "Penpot, open-source design", status: "pending", type: "suggestion" }]);
  });

  it("answers a blank suggestion with 400 and the field's message", async () => {
    const cookie = await signedInCookie("suggest.http.blank@example.com");
    const response = await postForm({ text: "   " }, { Cookie: cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { actionData: Record<string, unknown> };
    expect(body.actionData["routes/submit"]).toEqual({ ok: false, errors: { text: "Please enter a suggestion" } });
  });
});

const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(`http://localhost${url}`), params, context: {} }) as never;

/** A loader's 404, thrown (pages) or returned (API, sitemap files). */
async function status(load: () => Promise<unknown>): Promise<number> {
  try {
    const result = await load();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    return (thrown as { status?: number; init?: { status?: number } }).init?.status ?? (thrown as { status?: number }).status ?? 0;
  }
}

/** Every public place a product can show up, checked for a slug, a word of its text and a tag. */
async function expectNowherePublic(slug: string, word: string, tag: string) {
  clearMemo();
  const home = (await homeLoader(args("/"))) as { page: { items: { slug: string }[] } };
  expect(home.page.items.length).toBeGreaterThan(0);
  expect(home.page.items.map((item) => item.slug)).not.toContain(slug);

  const search = (await searchPageLoader(args(`/search?q=${word}`))) as { results: unknown[] };
  expect(search.results).toEqual([]);
  const apiSearch = (await (await apiSearchLoader(args(`/api/v1/search?q=${word}`))).json()) as { items: unknown[] };
  expect(apiSearch.items).toEqual([]);

  const apiList = (await (await apiListLoader(args("/api/v1/products?limit=100"))).json()) as { items: { slug: string }[] };
  expect(apiList.items.map((item) => item.slug)).not.toContain(slug);
  expect(await status(() => apiProductLoader(args(`/api/v1/products/${slug}`, { slug })))).toBe(404);
  expect(await status(() => productPageLoader(args(`/resources/${slug}`, { slug })))).toBe(404);
  expect(await status(() => tagLoader(args(`/tag/${tag}`, { tag })))).toBe(404);

  for (const file of ["products-1.xml", "tags-1.xml"]) {
    const xml = await ((await sitemapFileLoader(args(`/sitemaps/${file}`, { file }))) as Response).text();
    expect(xml).toContain("<loc>");
    expect(xml).not.toContain(slug);
    expect(xml).not.toContain(tag);
  }
  const feed = await (await feedLoader()).text();
  expect(feed).toContain("<item>");
  expect(feed).not.toContain(slug);
  expect(feed).not.toContain(word);
}

describe("a suggestion is never public", () => {
  it("stays out of lists, search, tags, sitemaps, the feed and the API, even if someone marks it live and tags it", async () => {
    const word = `zyxsuggest${Date.now().toString(36)}`;
    const cookie = await signedInCookie("suggest.private@example.com");
    expect((await postForm({ text: `${word} is a tool everyone should know` }, { Cookie: cookie })).status).toBe(302);
    const [row] = await queryRows<{ id: number; slug: string }>(getDb(), sql`select id, slug from products where description like ${`${word}%`}`);
    expect(row!.slug).toMatch(/^resource-suggestion-/);
    const tag = `${word}-tag`;

    await expectNowherePublic(row!.slug, word, tag);

    // The public predicate looks at the type as well as the status: a suggestion set live by
    // mistake, tagged and created today (which puts live products first in every list), stays private.
    await getDb().execute(sql`update products set status = 'live', tags = array[${tag}] where id = ${row!.id}`);
    await expectNowherePublic(row!.slug, word, tag);

    // The same row as a product would be public everywhere checked above: the checks can fail.
    await getDb().execute(sql`update products set type = 'product' where id = ${row!.id}`);
    clearMemo();
    expect(await status(() => productPageLoader(args(`/resources/${row!.slug}`, { slug: row!.slug })))).toBe(200);
    expect(((await searchPageLoader(args(`/search?q=${word}`))) as { results: unknown[] }).results).toHaveLength(1);
    expect(await status(() => tagLoader(args(`/tag/${tag}`, { tag })))).toBe(200);
    await getDb().execute(sql`delete from products where id = ${row!.id}`);
  });
});
