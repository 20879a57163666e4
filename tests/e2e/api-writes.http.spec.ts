import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest, test } from "@playwright/test";

// Every API write through the production request handler (its fast path, decision 023): refused
// cross-site (403), without the session it needs (401), with a bad id (400) and past its rate
// limit (429), always in the API's error shape `{ "error": { "message" } }` (issues 9 and 10).

const EVIL = "https://evil.example";

/** Each context stands at its own address (TRUST_PROXY=loopback), so no limit is shared with other tests. */
function address() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function caller(baseURL: string, email?: string) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL } });
  if (email) {
    const response = await api.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
    expect(response.status(), `dev sign-in of ${email}`).toBe(302);
  }
  return api;
}

function member(name: string) {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

async function expectError(response: APIResponse, status: number, label: string) {
  expect(response.status(), label).toBe(status);
  expect(response.headers()["content-type"], label).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: { message?: unknown } };
  expect(typeof body.error?.message, `${label}: ${JSON.stringify(body)}`).toBe("string");
}

const WRITES = [
  { name: "feedback", method: "POST", needsSession: true },
  { name: "view", method: "POST", needsSession: false },
  { name: "click", method: "POST", needsSession: false },
  { name: "upvote", method: "PUT", needsSession: true },
  { name: "bookmark", method: "PUT", needsSession: true },
] as const;

async function productId(api: APIRequestContext) {
  const { items } = (await (await api.get("/api/v1/products?limit=1")).json()) as { items: { id: number; slug: string }[] };
  return items[0]!;
}

async function counts(api: APIRequestContext, product: { id: number; slug: string }) {
  const detail = (await (await api.get(`/api/v1/products/${product.slug}`)).json()) as { upvotes: number };
  const feedback = (await (await api.get(`/api/v1/products/${product.id}/feedback`)).json()) as { summary: { count: number } };
  return { upvotes: detail.upvotes, reviews: feedback.summary.count };
}

test("cross-site writes answer 403 in the API's shape and write nothing", async ({ baseURL }) => {
  const api = await caller(baseURL!, member("crosser"));
  const product = await productId(api);
  const before = await counts(api, product);
  for (const { name, method } of WRITES) {
    const url = `/api/v1/products/${product.id}/${name}`;
    const data = name === "feedback" ? { comment: "From another site", rating: 5 } : undefined;
    await expectError(await api.fetch(url, { method, data, headers: { Origin: EVIL } }), 403, `${name} with a foreign Origin`);
    await expectError(await api.fetch(url, { method, data, headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } }), 403, `${name} marked cross-site`);
  }
  expect(await counts(api, product)).toEqual(before);
});

test("a click-out without Origin and not marked cross-site still counts (our own beacons)", async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address() } });
  const product = await productId(api);
  expect((await api.post(`/api/v1/products/${product.id}/click`)).status()).toBe(204);
  expect((await api.post(`/api/v1/products/${product.id}/click`, { headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" } })).status()).toBe(204);
});

test("writes that need a session answer 401 without one", async ({ baseURL }) => {
  const api = await caller(baseURL!);
  const product = await productId(api);
  for (const { name, method } of WRITES.filter((write) => write.needsSession)) {
    const data = name === "feedback" ? { comment: "Anonymous", rating: 5 } : undefined;
    await expectError(await api.fetch(`/api/v1/products/${product.id}/${name}`, { method, data }), 401, name);
  }
});

test("a bad product id answers 400", async ({ baseURL }) => {
  const api = await caller(baseURL!, member("badid"));
  for (const { name, method } of WRITES) {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      await expectError(await api.fetch(`/api/v1/products/${id}/${name}`, { method, data: name === "feedback" ? { comment: "x", rating: 5 } : undefined }), 400, `${name} ${id}`);
    }
  }
});

/** Sends `write` until it is refused; fails if that takes more than `bound` calls. */
async function untilLimited(write: () => Promise<APIResponse>, bound: number, label: string) {
  for (let i = 0; i <= bound; i++) {
    const response = await write();
    if (response.status() === 429) {
      await expectError(response, 429, label);
      expect(Number(response.headers()["retry-after"]), label).toBeGreaterThan(0);
      return i;
    }
    expect(response.status(), `${label} #${i}`).toBeLessThan(500);
  }
  throw new Error(`${label}: no 429 after ${bound} calls`);
}

test("each write is rate-limited with 429, Retry-After and the API's shape", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const api = await caller(baseURL!, member("eager"));
  const product = await productId(api);
  const before = await counts(api, product);
  // Refused reviews still count toward the limit (10 a minute per user): nothing is written.
  await untilLimited(() => api.post(`/api/v1/products/${product.id}/feedback`, { data: { comment: "", rating: 0 } }), 10, "feedback");
  // Views and click-outs of a product that does not exist count per address (300 and 120 a minute).
  await untilLimited(() => api.post("/api/v1/products/2000000000/view"), 300, "view");
  await untilLimited(() => api.post("/api/v1/products/2000000000/click"), 120, "click");
  // Toggles alternate on and off (60 a minute per user, an even number), so the product ends as it began.
  for (const name of ["upvote", "bookmark"]) {
    const toggler = await caller(baseURL!, member(name));
    let on = true;
    await untilLimited(
      () => {
        const response = toggler.fetch(`/api/v1/products/${product.id}/${name}`, { method: on ? "PUT" : "DELETE" });
        on = !on;
        return response;
      },
      60,
      name,
    );
  }
  expect(await counts(api, product)).toEqual(before);
});
