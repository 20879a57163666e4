import { expect, request as playwrightRequest, test } from "@playwright/test";

// Issue 36 item 17: the e2e server's APP_URL is http://localhost:PORT. A newcomer who opens the
// same server as http://127.0.0.1:PORT must be able to use it: sign in, upvote, and send the view
// beacon, which the origin check refused there. Origins of other ports or sites stay refused.

test("the site works when opened as 127.0.0.1 with a localhost APP_URL; other origins stay refused", async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const alias = `http://127.0.0.1:${port}`;
  const api = await playwrightRequest.newContext({ baseURL: alias, extraHTTPHeaders: { Origin: alias } });
  try {
    expect((await api.get("/")).status()).toBe(200);
    // A product far down the first page: other specs count the upvotes of the first ones.
    const products = (await (await api.get("/api/v1/products?limit=50")).json()) as { items: { id: number }[] };
    const id = products.items.at(-1)!.id;

    const signIn = await api.post("/auth/dev", {
      form: { email: `alias.${Date.now().toString(36)}@example.com`, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const upvote = await api.put(`/api/v1/products/${id}/upvote`);
    expect(upvote.status()).toBe(200);
    expect(await upvote.json()).toMatchObject({ upvoted: true });
    expect((await api.post(`/api/v1/products/${id}/view`)).status()).toBe(204);
    expect((await api.delete(`/api/v1/products/${id}/upvote`)).status()).toBe(200);

    for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, "https://evil.example", `https://127.0.0.1:${port}`]) {
      const refused = await api.put(`/api/v1/products/${id}/upvote`, { headers: { Origin: origin } });
      expect(refused.status(), origin).toBe(403);
    }
  } finally {
    await api.dispose();
  }
});
