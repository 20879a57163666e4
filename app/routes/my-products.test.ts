/**
 * My Products through the real Express app (issue 11): the routes root → _site → my-products…,
 * the product page and the product API, with an entry that answers the loaders' and actions'
 * data as JSON instead of rendering HTML, so the tests see what each request decided.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { readFlash } from "~/domain/flash.server";
import { dailyActivity } from "~/domain/product-activity.server";
import { AUTH_REQUIRED, DELETE_FAILED, NO_CHANGES, PRODUCT_UPDATED_FOR_REVIEW, PRICING_REQUIRED, PRODUCT_NAME_MIN, PRODUCT_NAME_REQUIRED, URL_INVALID, WEBSITE_REQUIRED } from "~/features/makers/makers";
import { LOGO_FETCH_FAILED_MESSAGE, LOGO_URL_REQUIRED_MESSAGE } from "~/lib/fetch/site-logo.server";
import { FLASH_COOKIE } from "~/lib/http/headers";
import * as rootModule from "~/root";
import * as apiProductModule from "~/routes/api.v1.products.$slug";
import * as advertiseModule from "~/routes/advertise";
import * as editModule from "~/routes/my-products.edit.$id";
import * as listModule from "~/routes/my-products";
import * as newModule from "~/routes/my-products.new";
import * as productModule from "~/routes/product";
import * as siteModule from "~/routes/_site";
import * as wizardModule from "~/routes/submit-product-details";
import { createProduct, createUser } from "../../tests/factories";
import { APP_URL, localSettings, signedInCookie } from "../../tests/support/auth";
import { dataOnlyBuild, startDataServer } from "../../tests/support/data-server";
import { dataRequest, type DataAnswer, type DataRequestInit } from "../../tests/support/data-request";

const pagesBuild = () =>
  dataOnlyBuild([
    { id: "root", path: "", module: rootModule },
    { id: "routes/api.v1.products.$slug", parentId: "root", path: "api/v1/products/:slug", module: apiProductModule },
    { id: "routes/_site", parentId: "root", module: siteModule },
    { id: "routes/product", parentId: "routes/_site", path: "resources/:slug", module: productModule },
    { id: "routes/my-products", parentId: "routes/_site", path: "my-products", module: listModule },
    { id: "routes/my-products.new", parentId: "routes/_site", path: "my-products/new", module: newModule },
    { id: "routes/my-products.edit.$id", parentId: "routes/_site", path: "my-products/edit/:id", module: editModule },
    { id: "routes/submit-product-details", parentId: "routes/_site", path: "submit-product-details", module: wizardModule },
    { id: "routes/advertise", parentId: "routes/_site", path: "advertise", module: advertiseModule },
  ]);

let base = "";
let close: () => Promise<unknown> = async () => undefined;

beforeAll(async () => {
  setAuthSettings(localSettings());
  ({ base, close } = await startDataServer(pagesBuild()));
});

afterAll(async () => {
  await close();
  setAuthSettings(undefined);
});

type Page = DataAnswer<{
  loaderData: Record<string, unknown>;
  actionData: Record<string, { errors?: Record<string, string>; error?: string; logo?: { ok: boolean; message: string } } | undefined> | null;
}>;

const request = (path: string, init: DataRequestInit = {}): Promise<Page> => dataRequest(base, path, init);

async function member(name: string) {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  const cookie = await signedInCookie(email);
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return { cookie, id: row!.id };
}

type Card = { id: number; product_name: string; status: string; type: string; pending_changes: boolean; is_submitter: boolean };
async function cards(cookie: string, tab = ""): Promise<{ products: Card[]; hasAny: boolean; tab: string }> {
  const page = await request(`/my-products${tab ? `?tab=${tab}` : ""}`, { cookie });
  expect(page.status).toBe(200);
  return page.body!.loaderData["routes/my-products"] as { products: Card[]; hasAny: boolean; tab: string };
}

async function productRow(id: number) {
  const [row] = await queryRows<{ product_name: string; website_url: string; logo_url: string | null; pricing: string; slug: string; status: string; submitter_id: string }>(
    getDb(),
    sql`select product_name, website_url, logo_url, pricing, slug, status, submitter_id from products where id = ${id}`,
  );
  return row;
}

async function ownedProduct(owner: string, overrides: Parameters<typeof createProduct>[1] = {}) {
  const product = await createProduct(getDb(), overrides);
  await getDb().execute(sql`update products set submitter_id = ${owner}, pricing = 'free' where id = ${product.id}`);
  return product;
}

const form = (fields: Partial<Record<"productName" | "websiteUrl" | "logoUrl" | "pricing" | "intent", string>>) =>
  ({ productName: "", websiteUrl: "", logoUrl: "", pricing: "free", ...fields }) as Record<string, string>;

describe("signed-out visitors", () => {
  it("are sent to /auth with the return path and the spec's toast, for pages and posts alike", async () => {
    for (const path of ["/my-products?tab=drafts", "/my-products/new", "/my-products/edit/1"]) {
      const page = await request(path);
      expect(page.status).toBe(302);
      expect(page.location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      expect(page.setCookie.some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`))).toBe(true);
    }
    const post = await request("/my-products/new", { form: form({ productName: "Sneaky", websiteUrl: "sneaky.example.com" }) });
    expect(post.status).toBe(302);
    expect(post.location).toBe("/auth?redirectTo=%2Fmy-products%2Fnew");
    expect(await queryRows(getDb(), sql`select 1 from products where product_name = 'Sneaky'`)).toEqual([]);
    // The toast reaches the next page through the flash cookie.
    const flash = post.setCookie.find((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`))!.split(";")[0]!;
    const { flash: message } = await readFlash(new Request(`${APP_URL}/auth`, { headers: { Cookie: flash } }));
    expect(message).toMatchObject({ kind: "info", message: AUTH_REQUIRED });
    expect(AUTH_REQUIRED).toBe("Authentication Required: Please log in to save your product");
  });
});

describe("the list", () => {
  it("shows only the caller's products and suggestions, by tab, with the empty-state distinction", async () => {
    const me = await member("lister");
    const other = await member("neighbour");
    expect(await cards(me.cookie)).toMatchObject({ products: [], hasAny: false, tab: "all" });

    const live = await ownedProduct(me.id, { product_name: "Lister Live" });
    const draft = await ownedProduct(me.id, { product_name: "Lister Draft", status: "draft" });
    const suggestion = await ownedProduct(me.id, { product_name: "Resource Suggestion", status: "pending", type: "suggestion" });
    await ownedProduct(me.id, { product_name: "Lister Moderated", status: "deleted" });
    await ownedProduct(other.id, { product_name: "Neighbour Live" });

    const all = await cards(me.cookie);
    expect(all.products.map((p) => p.id).sort()).toEqual([live.id, draft.id, suggestion.id].sort());
    // The Suggest page sends makers to ?tab=products: All Products.
    expect((await cards(me.cookie, "products")).products).toHaveLength(3);
    expect((await cards(me.cookie, "published")).products.map((p) => p.id)).toEqual([live.id]);
    expect((await cards(me.cookie, "drafts")).products.map((p) => p.id)).toEqual([draft.id]);

    const empty = await member("nodrafts");
    await ownedProduct(empty.id, { product_name: "Only Live" });
    expect(await cards(empty.cookie, "drafts")).toMatchObject({ products: [], hasAny: true });
    expect((await cards(other.cookie)).products.map((p) => p.product_name)).toEqual(["Neighbour Live"]);
  });
});

describe("the Basic Information form", () => {
  it("answers the spec's messages and saves nothing while the form is wrong", async () => {
    const me = await member("validator");
    const errors = async (fields: Record<string, string>) => {
      const page = await request("/my-products/new", { cookie: me.cookie, form: fields });
      expect(page.status).toBe(400);
      return page.body!.actionData!["routes/my-products.new"]!.errors;
    };
    expect(await errors(form({ pricing: "" }))).toEqual({ productName: PRODUCT_NAME_REQUIRED, websiteUrl: WEBSITE_REQUIRED, pricing: PRICING_REQUIRED });
    expect(await errors(form({ productName: "ab", websiteUrl: "not a url", pricing: "paid" }))).toEqual({
      productName: PRODUCT_NAME_MIN,
      websiteUrl: URL_INVALID,
      pricing: PRICING_REQUIRED,
    });
    expect(await errors(form({ productName: "Valid Name", websiteUrl: "javascript:alert(1)", logoUrl: "ftp://x.example/logo.png" }))).toEqual({
      websiteUrl: URL_INVALID,
      logoUrl: URL_INVALID,
    });
    // A stored logo is a path on this site; no other path is.
    expect(await errors(form({ productName: "Valid Name", websiteUrl: "valid.example.com", logoUrl: "/uploads/../secret" }))).toEqual({ logoUrl: URL_INVALID });
    expect(await errors(form({ productName: "Valid Name", websiteUrl: "valid.example.com", logoUrl: "/admin/logo.png" }))).toEqual({ logoUrl: URL_INVALID });
    expect(await cards(me.cookie)).toMatchObject({ hasAny: false });
  });

  it("Save as Draft stores a draft with https:// added and a unique slug; Proceed to Details opens the wizard", async () => {
    const me = await member("creator");
    const name = `Draft Maker ${Date.now().toString(36)}`;
    const first = await request("/my-products/new", { cookie: me.cookie, form: form({ productName: name, websiteUrl: "draftmaker.example.com/", logoUrl: "/uploads/logos/0123abcd.webp", pricing: "freemium", intent: "draft" }) });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/my-products?tab=drafts");
    const second = await request("/my-products/new", { cookie: me.cookie, form: form({ productName: name, websiteUrl: "https://draftmaker.example.com", intent: "details" }) });
    expect(second.status).toBe(302);
    const id = Number(/^\/submit-product-details\?product=(\d+)$/.exec(second.location!)![1]);

    const drafts = (await cards(me.cookie, "drafts")).products;
    expect(drafts.map((p) => p.id)).toContain(id);
    const [older, newer] = [await productRow(drafts.find((p) => p.id !== id)!.id), await productRow(id)];
    expect(older).toMatchObject({ website_url: "https://draftmaker.example.com/", logo_url: "/uploads/logos/0123abcd.webp", pricing: "freemium", status: "draft", submitter_id: me.id });
    expect(newer!.slug).toBe(`${older!.slug}-2`);
    const makers = await queryRows(getDb(), sql`select 1 from product_makers where product_id = ${id} and profile_id = ${me.id}`);
    expect(makers).toHaveLength(1);
  });

  it("refuses a post from another site, by its Origin or, without one, by Sec-Fetch-Site", async () => {
    const me = await member("crosssite");
    const fields = form({ productName: "Cross Site", websiteUrl: "cross.example.com" });
    const foreign = await request("/my-products/new", { cookie: me.cookie, origin: "https://evil.example", form: fields });
    // React Router's own check may answer first (400); ours answers 403.
    expect([400, 403]).toContain(foreign.status);
    const unmarked = await request("/my-products/new", { cookie: me.cookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" }, form: fields });
    expect(unmarked.status).toBe(403);
    const removal = await request("/my-products", { cookie: me.cookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" }, form: { intent: "delete", id: "1" } });
    expect(removal.status).toBe(403);
    expect(await cards(me.cookie)).toMatchObject({ hasAny: false });
  });
});

describe("ownership", () => {
  it("another user's product is a 404 for the edit page, the edit action, Fetch Logo and delete, and stays unchanged", async () => {
    const owner = await member("owner");
    const intruder = await member("intruder");
    const product = await ownedProduct(owner.id, { product_name: "Owned Draft", status: "draft" });
    const before = await productRow(product.id);

    expect((await request(`/my-products/edit/${product.id}`, { cookie: intruder.cookie })).status).toBe(404);
    const edit = await request(`/my-products/edit/${product.id}`, { cookie: intruder.cookie, form: form({ productName: "Hijacked", websiteUrl: "evil.example.com" }) });
    expect(edit.status).toBe(404);
    const logo = await request(`/my-products/edit/${product.id}`, { cookie: intruder.cookie, form: form({ intent: "fetch-logo", websiteUrl: "evil.example.com" }) });
    expect(logo.status).toBe(404);
    const removal = await request("/my-products", { cookie: intruder.cookie, form: { intent: "delete", id: String(product.id) } });
    expect(removal.status).toBe(404);
    expect(removal.body!.actionData!["routes/my-products"]!.error).toBe(DELETE_FAILED);
    expect(await productRow(product.id)).toEqual(before);

    // Ids that name nothing are the same 404, never a 5xx.
    for (const id of ["0", "-1", "99999999999", "abc", "2147483647"]) {
      expect((await request(`/my-products/edit/${id}`, { cookie: intruder.cookie })).status).toBe(404);
    }
    // The owner gets the form with the saved values.
    const own = await request(`/my-products/edit/${product.id}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.body!.loaderData["routes/my-products.edit.$id"]).toMatchObject({ id: product.id, status: "draft", values: { productName: "Owned Draft", pricing: "free" } });
  });
});

describe("verified makers (issue 36)", () => {
  async function flashOf(page: Page) {
    const cookie = page.setCookie.find((c) => c.startsWith(`${FLASH_COOKIE}=`))!.split(";")[0]!;
    return (await readFlash(new Request(APP_URL, { headers: { Cookie: cookie } }))).flash?.message;
  }

  it("a maker by verified claim manages the product (list, edit, wizard, Advertise) but not deletes it; a pending claimer and a member get 404", async () => {
    const owner = await member("submitter36");
    const claimer = await member("claimer36");
    const pending = await member("pending36");
    const stranger = await member("stranger36");
    const product = await ownedProduct(owner.id, { product_name: "Claimed Live Product", website_url: "https://claimed.example.com/" });
    await getDb().execute(sql`update products set headline = 'A headline long enough', description = ${"d".repeat(60)} where id = ${product.id}`);
    // What a verified claim writes (claims.server.ts, moderation.server.ts): the claim and the maker row.
    await getDb().execute(sql`insert into product_claims (product_id, user_id, status, verified_by) values (${product.id}, ${claimer.id}, 'verified', 'admin'), (${product.id}, ${pending.id}, 'pending', null)`);
    await getDb().execute(sql`insert into product_makers (product_id, profile_id, status) values (${product.id}, ${claimer.id}, 'verified')`);

    const listed = (await cards(claimer.cookie)).products.find((p) => p.id === product.id);
    expect(listed).toMatchObject({ status: "live", is_submitter: false });
    expect((await cards(owner.cookie)).products.find((p) => p.id === product.id)).toMatchObject({ is_submitter: true });
    const page = await request(`/my-products`, { cookie: claimer.cookie });
    expect(Object.keys((page.body!.loaderData["routes/my-products"] as { activity: { products: object } }).activity.products)).toContain(String(product.id));

    expect((await request(`/my-products/edit/${product.id}`, { cookie: claimer.cookie })).status).toBe(200);
    expect((await request(`/submit-product-details?product=${product.id}&step=product-info`, { cookie: claimer.cookie })).status).toBe(200);
    const advertise = await request("/advertise", { cookie: claimer.cookie });
    expect(JSON.stringify(advertise.body!.loaderData["routes/advertise"])).toContain("Claimed Live Product");

    for (const who of [pending, stranger]) {
      expect((await cards(who.cookie)).products.find((p) => p.id === product.id)).toBeUndefined();
      expect((await request(`/my-products/edit/${product.id}`, { cookie: who.cookie })).status).toBe(404);
      expect((await request(`/my-products/edit/${product.id}`, { cookie: who.cookie, form: form({ productName: "Hijack", websiteUrl: "x.example.com", intent: "update" }) })).status).toBe(404);
      expect((await request(`/submit-product-details?product=${product.id}`, { cookie: who.cookie })).status).toBe(404);
      expect(JSON.stringify((await request("/advertise", { cookie: who.cookie })).body!.loaderData["routes/advertise"])).not.toContain("Claimed Live Product");
    }

    // The claimer's unchanged save files nothing; a new tagline is one revision, filed by them.
    const unchanged = await request(`/my-products/edit/${product.id}`, {
      cookie: claimer.cookie,
      form: { ...form({ productName: "Claimed Live Product", websiteUrl: "https://claimed.example.com/", intent: "update" }), headline: "A headline long enough", tagline: "Made by a factory", description: "d".repeat(60) },
    });
    expect(unchanged.status).toBe(302);
    expect(await flashOf(unchanged)).toBe(NO_CHANGES);
    expect(await queryRows(getDb(), sql`select 1 from product_revisions where product_id = ${product.id}`)).toEqual([]);
    const edited = await request(`/my-products/edit/${product.id}`, {
      cookie: claimer.cookie,
      form: { ...form({ productName: "Claimed Live Product", websiteUrl: "https://claimed.example.com/", intent: "details" }), headline: "A headline long enough", tagline: "A new tagline", description: "d".repeat(60) },
    });
    expect(edited.location).toBe(`/submit-product-details?product=${product.id}&step=product-info`);
    expect(await flashOf(edited)).toBe(PRODUCT_UPDATED_FOR_REVIEW);
    expect(await queryRows(getDb(), sql`select changes, user_id from product_revisions where product_id = ${product.id}`)).toEqual([{ changes: { tagline: "A new tagline" }, user_id: claimer.id }]);
    // A submitted product's headline may change, not be emptied.
    const emptied = await request(`/my-products/edit/${product.id}`, {
      cookie: claimer.cookie,
      form: { ...form({ productName: "Claimed Live Product", websiteUrl: "https://claimed.example.com/", intent: "update" }), headline: "", tagline: "", description: "d".repeat(60) },
    });
    expect(emptied.status).toBe(400);
    expect(emptied.body!.actionData!["routes/my-products.edit.$id"]!.errors).toMatchObject({ headline: "Headline is required" });

    // Deleting stays the submitter's.
    const removal = await request("/my-products", { cookie: claimer.cookie, form: { intent: "delete", id: String(product.id) } });
    expect(removal.status).toBe(404);
    expect(await productRow(product.id)).toMatchObject({ status: "live", submitter_id: owner.id });
  });
});

describe("editing", () => {
  it("a draft's edit applies at once (new name, new slug)", async () => {
    const me = await member("drafteditor");
    const product = await ownedProduct(me.id, { product_name: "Editable Draft", status: "draft" });
    const page = await request(`/my-products/edit/${product.id}`, {
      cookie: me.cookie,
      form: form({ productName: "Edited Draft Name", websiteUrl: "edited.example.com", pricing: "premium", intent: "update" }),
    });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/my-products");
    expect(await productRow(product.id)).toMatchObject({ product_name: "Edited Draft Name", slug: "edited-draft-name", website_url: "https://edited.example.com/", pricing: "premium", status: "draft" });
    expect(await queryRows(getDb(), sql`select 1 from product_revisions where product_id = ${product.id}`)).toEqual([]);
  });

  it("a live product's edit waits as one pending revision; the public page and the API keep the approved version", async () => {
    const me = await member("liveeditor");
    const product = await ownedProduct(me.id, { product_name: "Approved Live Name", website_url: "https://approved.example.com/" });
    const api = async () => {
      const response = await request(`/api/v1/products/${product.slug}`);
      expect(response.status).toBe(200);
      return response.body as unknown;
    };
    const apiBefore = await api();
    expect(apiBefore).toMatchObject({ product_name: "Approved Live Name" });
    const pageBefore = await request(`/resources/${product.slug}`);
    expect(pageBefore.status).toBe(200);

    const edit = (fields: Record<string, string>) => request(`/my-products/edit/${product.id}`, { cookie: me.cookie, form: form({ intent: "update", ...fields }) });
    expect((await edit({ productName: "Unapproved Name", websiteUrl: "https://approved.example.com/", pricing: "free" })).status).toBe(302);
    expect((await edit({ productName: "Unapproved Name 2", websiteUrl: "https://approved.example.com/", pricing: "premium" })).status).toBe(302);

    expect(await productRow(product.id)).toMatchObject({ product_name: "Approved Live Name", pricing: "free", status: "live" });
    const revisions = await queryRows<{ changes: unknown; status: string; user_id: string }>(getDb(), sql`select changes, status, user_id from product_revisions where product_id = ${product.id}`);
    expect(revisions).toEqual([{ changes: { product_name: "Unapproved Name 2", pricing: "premium" }, status: "pending", user_id: me.id }]);

    expect(await api()).toEqual(apiBefore);
    const pageAfter = await request(`/resources/${product.slug}`);
    expect(pageAfter.status).toBe(200);
    expect(JSON.stringify(pageAfter.body!.loaderData["routes/product"])).toContain("Approved Live Name");
    expect(JSON.stringify(pageAfter.body!.loaderData["routes/product"])).not.toContain("Unapproved");

    // The card says so, and the form continues from the pending edit.
    expect((await cards(me.cookie)).products.find((p) => p.id === product.id)).toMatchObject({ status: "live", pending_changes: true });
    const form2 = await request(`/my-products/edit/${product.id}`, { cookie: me.cookie });
    expect(form2.body!.loaderData["routes/my-products.edit.$id"]).toMatchObject({ pendingChanges: true, values: { productName: "Unapproved Name 2", pricing: "premium" } });

    // Editing back to the live values withdraws the revision.
    expect((await edit({ productName: "Approved Live Name", websiteUrl: "https://approved.example.com/", pricing: "free" })).status).toBe(302);
    expect(await queryRows(getDb(), sql`select 1 from product_revisions where product_id = ${product.id}`)).toEqual([]);
  });
});

describe("delete", () => {
  it("removes the product and every relation, and a live one leaves the public API", async () => {
    const me = await member("deleter");
    const fan = await createUser(getDb());
    const product = await ownedProduct(me.id, { product_name: "Doomed Live Product" });
    const db = getDb();
    await db.execute(sql`insert into product_niches (product_id, niche_id) select ${product.id}, id from niches order by id limit 1`);
    await db.execute(sql`insert into product_makers (product_id, profile_id) values (${product.id}, ${me.id})`);
    await db.execute(sql`insert into bookmarks (product_id, user_id) values (${product.id}, ${fan})`);
    await db.execute(sql`insert into product_revisions (product_id, user_id, changes) values (${product.id}, ${me.id}, '{"pricing":"premium"}'::jsonb)`);

    const page = await request("/my-products?tab=published", { cookie: me.cookie, form: { intent: "delete", id: String(product.id) } });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/my-products?tab=published");
    expect(await productRow(product.id)).toBeUndefined();
    for (const table of ["product_niches", "product_makers", "bookmarks", "product_revisions"]) {
      const rows = await queryRows(db, sql`select 1 from ${sql.identifier(table)} where product_id = ${product.id}`);
      expect(rows, table).toEqual([]);
    }
    expect((await request(`/api/v1/products/${product.slug}`)).status).toBe(404);
    // A second delete of the same id: gone, so the failure message.
    const again = await request("/my-products", { cookie: me.cookie, form: { intent: "delete", id: String(product.id) } });
    expect(again.status).toBe(404);
  });
});

describe("Fetch Logo through the page", () => {
  it("answers the spec's messages: an empty website, and a site the fetcher refuses (loopback)", async () => {
    const me = await member("logofetcher");
    const empty = await request("/my-products/new", { cookie: me.cookie, form: form({ intent: "fetch-logo" }) });
    expect(empty.status).toBe(400);
    expect(empty.body!.actionData!["routes/my-products.new"]!.logo).toEqual({ ok: false, message: LOGO_URL_REQUIRED_MESSAGE });
    const refused = await request("/my-products/new", { cookie: me.cookie, form: form({ intent: "fetch-logo", websiteUrl: "http://127.0.0.1:9/" }) });
    expect(refused.status).toBe(422);
    expect(refused.body!.actionData!["routes/my-products.new"]!.logo).toEqual({ ok: false, message: LOGO_FETCH_FAILED_MESSAGE });
    expect(await cards(me.cookie)).toMatchObject({ hasAny: false });
  });
});

describe("the 30-day charts", () => {
  type Activity = { days: string[]; products: Record<string, Record<"views" | "clicks" | "upvotes" | "saves", number[]>> };
  const activityOf = async (cookie: string, tab = "") => {
    const page = await request(`/my-products${tab ? `?tab=${tab}` : ""}`, { cookie });
    expect(page.status).toBe(200);
    return (page.body!.loaderData["routes/my-products"] as { activity: Activity }).activity;
  };
  /** 30 days of zeros with the given counts, by days before today. */
  const series = (counts: Record<number, number> = {}) => Array.from({ length: 30 }, (_, i) => counts[29 - i] ?? 0);

  it("give each of the caller's products its views, click-outs, upvotes and saves per day, zeros filled, and nobody else's", async () => {
    const a = await member("charts.a");
    const b = await member("charts.b");
    const [fan1, fan2] = [await createUser(getDb()), await createUser(getDb())];
    const first = await ownedProduct(a.id, { product_name: "Charted One" });
    const second = await ownedProduct(a.id, { product_name: "Charted Two" });
    await ownedProduct(a.id, { product_name: "Charted Suggestion", status: "pending", type: "suggestion" });
    const theirs = await ownedProduct(b.id, { product_name: "Their Charted" });
    const db = getDb();
    const [{ today }] = (await queryRows<{ today: string }>(db, sql`select (now() at time zone 'UTC')::date::text as today`)) as [{ today: string }];

    await db.execute(sql`insert into product_views (product_id, day, visitor_hash) values
      (${first.id}, ${today}::date, 'v1'), (${first.id}, ${today}::date, 'v2'), (${first.id}, ${today}::date - 3, 'v1'),
      (${first.id}, ${today}::date - 40, 'too-old'), (${second.id}, ${today}::date - 1, 'v3'),
      (${theirs.id}, ${today}::date, 'b1'), (${theirs.id}, ${today}::date, 'b2'), (${theirs.id}, ${today}::date, 'b3')`);
    await db.execute(sql`insert into product_clicks (product_id, visitor_hash, created_at) values
      (${first.id}, 'v1', now()), (${first.id}, 'v1', now()), (${first.id}, 'v2', now()),
      (${first.id}, 'v1', now() - interval '3 days'), (${first.id}, 'v1', now() - interval '31 days'),
      (${theirs.id}, 'b1', now()), (${theirs.id}, 'b1', now())`);
    await db.execute(sql`insert into product_upvotes (product_id, user_id) values (${first.id}, ${fan1}), (${first.id}, ${fan2}), (${theirs.id}, ${fan1})`);
    await db.execute(sql`insert into bookmarks (user_id, product_id, created_at) values
      (${fan1}, ${first.id}, now() - interval '29 days'), (${fan2}, ${first.id}, now() - interval '30 days'),
      (${fan1}, ${second.id}, now()), (${fan2}, ${theirs.id}, now())`);

    const mine = await activityOf(a.cookie);
    expect(mine.days).toHaveLength(30);
    expect(mine.days.at(-1)).toBe(today);
    // Consecutive days, oldest first.
    for (let i = 1; i < 30; i++) expect(Date.parse(mine.days[i]!) - Date.parse(mine.days[i - 1]!)).toBe(86_400_000);
    // One entry per listed product; the suggestion has no public page and so no numbers.
    expect(Object.keys(mine.products).sort()).toEqual([String(first.id), String(second.id)].sort());
    expect(mine.products[first.id]).toEqual({
      views: series({ 0: 2, 3: 1 }),
      clicks: series({ 0: 3, 3: 1 }),
      upvotes: series({ 0: 2 }),
      saves: series({ 29: 1 }),
    });
    expect(mine.products[second.id]).toEqual({ views: series({ 1: 1 }), clicks: series(), upvotes: series(), saves: series({ 0: 1 }) });
    // B's product, and its counts (3 views, 2 click-outs today), are nowhere in A's page data.
    expect(mine.products[theirs.id]).toBeUndefined();
    const page = await request("/my-products", { cookie: a.cookie });
    expect(JSON.stringify(page.body)).not.toContain("Their Charted");
    // The numbers follow the tab's cards: A's products are live, so the drafts tab has none.
    expect((await activityOf(a.cookie, "drafts")).products).toEqual({});

    const hers = await activityOf(b.cookie);
    expect(Object.keys(hers.products)).toEqual([String(theirs.id)]);
    expect(hers.products[theirs.id]).toEqual({ views: series({ 0: 3 }), clicks: series({ 0: 2 }), upvotes: series({ 0: 1 }), saves: series({ 0: 1 }) });
  });

  it("the shared query leaves out ids of products the caller did not submit", async () => {
    const a = await member("charts.query");
    const other = await member("charts.other");
    const own = await ownedProduct(a.id);
    const foreign = await ownedProduct(other.id);
    const activity = await dailyActivity(getDb(), a.id, [own.id, foreign.id]);
    expect([...activity.keys()]).toEqual([own.id]);
    expect(activity.get(own.id)).toHaveLength(30);
  });
});
