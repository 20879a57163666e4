import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { MESSAGES } from "~/features/admin-taxonomy/admin-taxonomy";
import { nichesAction, parentSubcategoriesAction } from "~/features/admin-taxonomy/requests.server";
import { loader as apiNichesLoader } from "~/routes/api.v1.niches";
import { loader as nicheLoader } from "~/routes/niche";
import { loader as parentSubcategoryLoader } from "~/routes/parent-subcategory";
import { loader as sitemapFileLoader } from "~/routes/sitemaps.$file";
import { loader as subcategoryLoader } from "~/routes/subcategory";
import { createProduct } from "../../tests/factories";
import { formRequest, localSettings } from "../../tests/support/auth";
import { adminAndMember } from "../../tests/support/callers";
import { settle } from "../../tests/support/settle";

/**
 * Manage Niches and Manage Parent Subcategories through their actions, and what the public
 * pages, the API and the sitemap answer right after: drafts vanish, renamed slugs redirect.
 */
beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const run = Date.now().toString(36);
const callers = adminAndMember("niches", run);

function post(path: string, fields: [string, string][], cookie = callers.admin, origin?: string) {
  const request = formRequest(path, {}, { cookie, origin });
  return new Request(request.url, { method: "POST", headers: request.headers, body: new URLSearchParams(fields) });
}

const niches = (fields: [string, string][], cookie?: string, origin?: string) =>
  settle(() => nichesAction(post("/admin/niches", fields, cookie, origin), {}));
const subs = (fields: [string, string][]) => settle(() => parentSubcategoriesAction(post("/admin/parent-subcategories", fields), {}));
const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(`http://localhost${url}`), params, context: {} }) as never;

async function nicheId(slug: string) {
  const [row] = await queryRows<{ id: number }>(getDb(), sql`select id from niches where slug = ${slug}`);
  return row!.id;
}
async function apiSlugs() {
  const body = (await (await apiNichesLoader()).json()) as { items: { slug: string; subcategories: { slug: string }[] }[] };
  return body.items;
}
async function taxonomySitemap() {
  return ((await sitemapFileLoader(args("/sitemaps/taxonomy-1.xml", { file: "taxonomy-1.xml" }))) as Response).text();
}

describe("/admin/niches and /admin/parent-subcategories actions", () => {
  it("refuses non-admins, cross-site posts and bad input without a 5xx", async () => {
    expect(await niches([["intent", "create"], ["name", `Nope ${run}`]], callers.member)).toMatchObject({ status: 302, location: "/" });
    expect((await niches([["intent", "create"], ["name", `Nope ${run}`]], "")).status).toBe(302);
    expect((await niches([["intent", "create"], ["name", `Nope ${run}`]], callers.admin, "https://evil.example")).status).toBe(403);
    const hostile: [string, string][][] = [
      [["intent", "create"]],
      [["intent", "create"], ["name", "   "]],
      [["intent", "create"], ["name", "a\u0000b"]],
      [["intent", "create"], ["name", "x".repeat(10_000)]],
      [["intent", "rename"], ["id", "1 or 1=1"], ["name", "x"]],
      [["intent", "status"], ["id", "99999999999999"], ["status", "draft"]],
      [["intent", "status"], ["id", "1"], ["status", "live"]],
      [["intent", "delete"], ["id", "-1"]],
      [["intent", "bulk-delete"]],
      [["intent", "bulk-delete"], ["ids", "abc"]],
      [["intent", "subcategories"], ["id", "1"], ["subcategoryIds", "x"]],
      [["intent", "explode"]],
    ];
    for (const fields of hostile) {
      const result = await niches(fields);
      expect(result.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(result.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(typeof result.body?.error).toBe("string");
    }
    expect((await niches([["intent", "create"], ["name", ""]])).body).toMatchObject({ error: MESSAGES.nameRequired });
    expect((await niches([["intent", "delete"], ["id", "2000000000"]])).status).toBe(404);
  });

  it("adds a niche and answers a duplicate with the spec's message", async () => {
    const name = `Act ${run} Focus`;
    expect(await niches([["intent", "create"], ["name", name]])).toMatchObject({ status: 302, location: "/admin/niches" });
    expect(await niches([["intent", "create"], ["name", name.toUpperCase()]])).toMatchObject({
      status: 400,
      body: { error: "This niche already exists", intent: "create" },
    });
  });

  it("a drafted niche leaves its page, the API and the sitemap at once; publishing brings it back", async () => {
    const name = `Pub ${run} Garden`;
    await niches([["intent", "create"], ["name", name]]);
    const slug = `pub-${run}-garden`;
    const id = await nicheId(slug);
    await createProduct(getDb(), { nicheSlug: slug });
    await niches([["intent", "status"], ["id", String(id)], ["status", "published"]]); // clears the memo like any write
    expect((await settle(() => nicheLoader(args(`/niche/${slug}`, { niche: slug })))).status).toBe(200);
    expect((await apiSlugs()).map((n) => n.slug)).toContain(slug);
    expect(await taxonomySitemap()).toContain(`/niche/${slug}<`);

    expect(await niches([["intent", "status"], ["id", String(id)], ["status", "draft"]])).toMatchObject({ status: 302 });
    expect((await settle(() => nicheLoader(args(`/niche/${slug}`, { niche: slug })))).status).toBe(404);
    expect((await apiSlugs()).map((n) => n.slug)).not.toContain(slug);
    expect(await taxonomySitemap()).not.toContain(`/niche/${slug}<`);

    await niches([["intent", "status"], ["id", String(id)], ["status", "published"]]);
    expect((await apiSlugs()).map((n) => n.slug)).toContain(slug);
  });

  it("a renamed niche or subcategory answers its old URLs with 301 to the new slug", async () => {
    await niches([["intent", "create"], ["name", `Old ${run} Name`]]);
    const id = await nicheId(`old-${run}-name`);
    await subs([["intent", "create"], ["name", `Oldsub ${run}`]]);
    const [sub] = await queryRows<{ id: number }>(getDb(), sql`select id from subcategories where slug = ${`oldsub-${run}`}`);
    await createProduct(getDb(), { nicheSlug: `old-${run}-name`, subcategorySlug: `oldsub-${run}` });
    expect(await niches([["intent", "rename"], ["id", String(id)], ["name", `New ${run} Name`]])).toMatchObject({ status: 302 });
    expect(await subs([["intent", "rename"], ["id", String(sub!.id)], ["name", `Newsub ${run}`]])).toMatchObject({ status: 302 });

    const old = `old-${run}-name`;
    expect(await settle(() => nicheLoader(args(`/niche/${old}?page=2`, { niche: old })))).toMatchObject({
      status: 301,
      location: `/niche/new-${run}-name?page=2`,
    });
    expect(await settle(() => parentSubcategoryLoader(args(`/parent-subcategory/oldsub-${run}`, { subcategory: `oldsub-${run}` })))).toMatchObject({
      status: 301,
      location: `/parent-subcategory/newsub-${run}`,
    });
    expect(
      await settle(() => subcategoryLoader(args(`/niche/${old}/subcategory/oldsub-${run}`, { niche: old, subcategory: `oldsub-${run}` }))),
    ).toMatchObject({ status: 301, location: `/niche/new-${run}-name/subcategory/oldsub-${run}` });
    expect(
      await settle(() =>
        subcategoryLoader(args(`/niche/new-${run}-name/subcategory/oldsub-${run}`, { niche: `new-${run}-name`, subcategory: `oldsub-${run}` })),
      ),
    ).toMatchObject({ status: 301, location: `/niche/new-${run}-name/subcategory/newsub-${run}` });
    // A drafted niche does not redirect its old slug anywhere: 404.
    await niches([["intent", "status"], ["id", String(id)], ["status", "draft"]]);
    expect((await settle(() => nicheLoader(args(`/niche/${old}`, { niche: old })))).status).toBe(404);
    // A slug nobody ever had stays a 404.
    expect((await settle(() => nicheLoader(args(`/niche/never-${run}`, { niche: `never-${run}` })))).status).toBe(404);
  });

  it("manages parent subcategories: add, duplicate, draft hides the page, bulk delete", async () => {
    expect(await subs([["intent", "create"], ["name", `Pa ${run} One`]])).toMatchObject({ status: 302, location: "/admin/parent-subcategories" });
    expect((await subs([["intent", "create"], ["name", `pa ${run} one`]])).body).toMatchObject({ error: MESSAGES.subcategoryExists });
    await subs([["intent", "create"], ["name", `Pa ${run} Two`]]);
    const rows = await queryRows<{ id: number; slug: string }>(getDb(), sql`select id, slug from subcategories where slug like ${`pa-${run}-%`} order by id`);
    expect(rows).toHaveLength(2);
    await createProduct(getDb(), { subcategorySlug: rows[0]!.slug });
    const page = () => settle(() => parentSubcategoryLoader(args(`/parent-subcategory/${rows[0]!.slug}`, { subcategory: rows[0]!.slug })));
    expect((await page()).status).toBe(200);
    await subs([["intent", "status"], ["id", String(rows[0]!.id)], ["status", "draft"]]);
    expect((await page()).status).toBe(404);
    expect(await taxonomySitemap()).not.toContain(`/parent-subcategory/${rows[0]!.slug}<`);
    expect(await subs(rows.map((r) => ["ids", String(r.id)] as [string, string]).concat([["intent", "bulk-delete"]]))).toMatchObject({ status: 302 });
    expect(await queryRows(getDb(), sql`select id from subcategories where slug like ${`pa-${run}-%`}`)).toEqual([]);
  });

  it("manages a parent's children: bad input is a 4xx, a new child's products join the parent's page, unchecking removes them", async () => {
    await subs([["intent", "create"], ["name", `Kin ${run} Parent`]]);
    const [parent] = await queryRows<{ id: number }>(getDb(), sql`select id from subcategories where slug = ${`kin-${run}-parent`}`);
    const pid = String(parent!.id);
    for (const fields of [
      [["intent", "children"], ["id", pid], ["childIds", "x"]],
      [["intent", "children"], ["id", "abc"]],
      [["intent", "add-child"], ["id", pid]],
      [["intent", "add-child"], ["id", pid], ["name", "a\u0000b"]],
      [["intent", "add-child"], ["id", "2000000000"], ["name", `Kin ${run} Lost`]],
      [["intent", "children"], ["id", "2000000000"]],
    ] as [string, string][][]) {
      const result = await subs(fields);
      expect(result.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(result.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(typeof result.body?.error).toBe("string");
    }
    expect(await subs([["intent", "add-child"], ["id", pid], ["name", `Kin ${run} Child`]])).toMatchObject({
      status: 302,
      location: "/admin/parent-subcategories",
    });
    expect(await subs([["intent", "add-child"], ["id", pid], ["name", `KIN ${run} CHILD`]])).toMatchObject({
      status: 400,
      body: { error: MESSAGES.subcategoryExists, intent: "add-child", id: parent!.id },
    });
    const [child] = await queryRows<{ id: number; is_parent: boolean; parent_id: number }>(
      getDb(),
      sql`select id, is_parent, parent_id from subcategories where slug = ${`kin-${run}-child`}`,
    );
    expect(child).toMatchObject({ is_parent: false, parent_id: parent!.id });
    const product = await createProduct(getDb(), { subcategorySlug: `kin-${run}-child` });
    const page = async () =>
      JSON.stringify(
        (await parentSubcategoryLoader(args(`/parent-subcategory/kin-${run}-parent`, { subcategory: `kin-${run}-parent` })) as { page: unknown }).page,
      );
    expect(await page()).toContain(product.slug);
    // Unchecking every child: the child's product leaves the parent's page at once.
    expect(await subs([["intent", "children"], ["id", pid]])).toMatchObject({ status: 302 });
    expect(await page()).not.toContain(product.slug);
    expect(await subs([["intent", "children"], ["id", pid], ["childIds", String(child!.id)]])).toMatchObject({ status: 302 });
    expect(await page()).toContain(product.slug);
  });
});
