import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";

// Issue 17's ruling on "uncached": product data may come from the in-process data cache (and
// anonymous pages from the page cache) only because every write that changes them invalidates
// them at once. Each write below is made over HTTP and must show on the very next request, for a
// signed-in visitor (rendered afresh from cached data) and an anonymous one (page cache), with no
// waiting. The same across two instances on PostgreSQL: tests/integration/two-instances.test.ts.

function address() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function context(baseURL: string) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL } });
}

async function member(baseURL: string, name: string) {
  const api = await context(baseURL);
  const email = `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const response = await api.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), `dev sign-in of ${email}`).toBe(302);
  return api;
}

async function admin(baseURL: string) {
  const api = await context(baseURL);
  const signIn = await portalSignIn(api, baseURL, address(), E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(signIn.status(), "admin sign-in").toBe(302);
  return api;
}

/** A live product with a plain name, away from the first ones other specs use. */
async function product(api: APIRequestContext, index: number) {
  const { items } = (await (await api.get("/api/v1/products?limit=100")).json()) as { items: { id: number; slug: string; product_name: string }[] };
  const plain = items.filter((item) => /^[A-Za-z0-9 .-]+$/.test(item.product_name));
  return plain[index % plain.length]!;
}

/** The product page's own upvote count (its header button names the product). */
function upvotesOn(html: string, name: string): number {
  const match = new RegExp(`aria-label="Upvote ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\((\\d+) upvotes\\)"`).exec(html);
  expect(match, `the upvote button of ${name}`).not.toBeNull();
  return Number(match![1]);
}

test("an upvote and its withdrawal show on the product page's next request, signed in or not", async ({ baseURL }) => {
  const voter = await member(baseURL!, "fresh-voter");
  const visitor = await context(baseURL!);
  const { id, slug, product_name } = await product(voter, 41);
  const page = `/resources/${slug}`;

  const before = upvotesOn(await (await voter.get(page)).text(), product_name);
  await visitor.get(page);
  const cached = await visitor.get(page);
  expect(cached.headers()["x-page-cache"]).toBe("HIT");
  expect(upvotesOn(await cached.text(), product_name)).toBe(before);

  expect((await voter.put(`/api/v1/products/${id}/upvote`)).status()).toBe(200);
  expect(upvotesOn(await (await voter.get(page)).text(), product_name)).toBe(before + 1);
  const anonymous = await visitor.get(page);
  expect(anonymous.headers()["x-page-cache"]).toBe("MISS");
  expect(upvotesOn(await anonymous.text(), product_name)).toBe(before + 1);

  expect((await voter.delete(`/api/v1/products/${id}/upvote`)).status()).toBe(200);
  expect(upvotesOn(await (await voter.get(page)).text(), product_name)).toBe(before);
  expect(upvotesOn(await (await visitor.get(page)).text(), product_name)).toBe(before);
});

test("a new review shows on the product page's next request", async ({ baseURL }) => {
  const reviewer = await member(baseURL!, "fresh-reviewer");
  const reader = await member(baseURL!, "fresh-reader");
  const { id, slug } = await product(reviewer, 43);
  const page = `/resources/${slug}`;
  await reader.get(page);
  const comment = `Fresh on the next request ${Date.now().toString(36)}`;
  expect((await reviewer.post(`/api/v1/products/${id}/feedback`, { data: { comment, rating: 4 } })).status()).toBe(201);
  expect(await (await reader.get(page)).text()).toContain(comment);
});

test("an admin's edit and status change show on the product page's next request", async ({ baseURL }) => {
  const api = await admin(baseURL!);
  const reader = await member(baseURL!, "fresh-admin-reader");
  const visitor = await context(baseURL!);
  const { id, slug } = await product(reader, 47);
  const page = `/resources/${slug}`;
  await reader.get(page);
  await visitor.get(page);

  const makerComment = `Maker note ${Date.now().toString(36)}`;
  const edited = await api.post(`/admin/products/edit/${id}`, { form: { intent: "maker-comment", makerComment }, maxRedirects: 0 });
  expect(edited.status(), "maker comment saved").toBe(302);
  expect(await (await reader.get(page)).text()).toContain(makerComment);
  expect(await (await visitor.get(page)).text()).toContain(makerComment);

  try {
    const drafted = await api.post("/admin/products", { form: { intent: "draft", ids: String(id) }, maxRedirects: 0 });
    expect(drafted.status(), "product drafted").toBe(302);
    expect((await reader.get(page)).status()).toBe(404);
    expect((await visitor.get(page)).status()).toBe(404);
  } finally {
    const published = await api.post("/admin/products", { form: { intent: "publish", ids: String(id) }, maxRedirects: 0 });
    expect(published.status(), "product published again").toBe(302);
  }
  expect((await reader.get(page)).status()).toBe(200);
  expect((await visitor.get(page)).status()).toBe(200);
});

test("search results follow an upvote and a status change on the next request", async ({ baseURL }) => {
  const api = await admin(baseURL!);
  const voter = await member(baseURL!, "fresh-finder");
  const { id, product_name } = await product(voter, 53);
  const search = `/search?q=${encodeURIComponent(product_name)}`;
  const upvotes = async () => upvotesOn(await (await voter.get(search)).text(), product_name);

  const before = await upvotes();
  expect((await voter.put(`/api/v1/products/${id}/upvote`)).status()).toBe(200);
  expect(await upvotes()).toBe(before + 1);
  expect((await voter.delete(`/api/v1/products/${id}/upvote`)).status()).toBe(200);
  expect(await upvotes()).toBe(before);

  const found = async () => ((await (await voter.get(`/api/v1/search?q=${encodeURIComponent(product_name)}`)).json()) as { items: { id: number }[] }).items.some((item) => item.id === id);
  expect(await found()).toBe(true);
  try {
    expect((await api.post("/admin/products", { form: { intent: "draft", ids: String(id) }, maxRedirects: 0 })).status(), "product drafted").toBe(302);
    expect(await found()).toBe(false);
    expect(await (await voter.get(search)).text()).not.toContain(`Upvote ${product_name} (`);
  } finally {
    expect((await api.post("/admin/products", { form: { intent: "publish", ids: String(id) }, maxRedirects: 0 })).status(), "product published again").toBe(302);
  }
  expect(await found()).toBe(true);
});
