import { sql } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onInvalidate, type CacheTag } from "~/db/cache-bus.server";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { getPublicProduct } from "~/features/catalog/queries/product.server";
import { CLAIM_MESSAGES, type ClaimPage } from "~/features/claims/claims";
import { CLAIM_RATE_LIMIT } from "~/features/claims/requests.server";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";
import * as authRoute from "~/routes/auth";
import * as route from "~/routes/claim-product";
import { createProduct } from "../../tests/factories";
import { APP_URL, cookieHeader, formRequest, localSettings, signedInCookie } from "../../tests/support/auth";

/** A stand-in for Google (an OpenID issuer on 127.0.0.1) that vouches for whatever address a test asks. */
const google = new OAuth2Server();
let googleEmail = "";

beforeAll(async () => {
  await google.issuer.keys.generate("RS256");
  await google.start(0, "127.0.0.1");
  google.service.on("beforeUserinfo", (userinfo: { body: Record<string, unknown> }) => {
    userinfo.body = { sub: `sub-${googleEmail}`, email: googleEmail, email_verified: true, name: "Google Person" };
  });
  google.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { sub: `sub-${googleEmail}`, email: googleEmail, email_verified: true });
  });
  setAuthSettings(localSettings());
});
afterAll(async () => {
  setAuthSettings(undefined);
  await google.stop();
});

type Answer<T> = { data: T; init: { status: number } | null };
type ActionAnswer = Answer<{ errors?: Record<string, string>; outcome?: string; slug?: string; message?: string }>;

let seq = 0;
/** A live product at its own website domain, e.g. `claim3.example-co.test`. */
async function product(overrides: Parameters<typeof createProduct>[1] = {}) {
  seq += 1;
  const domain = `claimco${seq}${Date.now().toString(36)}.com`;
  const row = await createProduct(getDb(), { website_url: `https://www.${domain}/pricing`, ...overrides });
  return { ...row, domain };
}

async function userOf(email: string, cookie: string) {
  const [user] = await queryRows<{ id: string; username: string }>(
    getDb(),
    sql`select u.id, p.username from "user" u join profiles p on p.id = u.id where u.email = ${email}`,
  );
  return { cookie, ...user! };
}

/** A member signed in through the development sign-in (which proves nothing about the address). */
async function member(email: string) {
  return userOf(email, await signedInCookie(email));
}

/**
 * A member signed in with Google (the whole flow: /auth's action, the issuer, our callback), whose
 * address Google verified. The development sign-in is off while Google is set, so only for this.
 */
async function googleMember(email: string) {
  googleEmail = email;
  setAuthSettings(
    localSettings({ google: { clientId: "toolnest-test-client", clientSecret: "toolnest-test-secret", discoveryUrl: `${google.issuer.url}/.well-known/openid-configuration` } }),
  );
  try {
    const start = (await authRoute.action({ request: formRequest("/auth", { redirectTo: "/" }), params: {}, context: {} } as never)) as Response;
    const issued = await fetch(new URL(start.headers.get("Location")!), { redirect: "manual" });
    const callback = await getAuth().handler(
      new Request(new URL(issued.headers.get("Location")!), { headers: { Cookie: cookieHeader(start.headers.getSetCookie()) } }),
    );
    const cookie = cookieHeader(callback.headers.getSetCookie());
    expect(cookie).toContain("better-auth.session_token=");
    return userOf(email, cookie);
  } finally {
    setAuthSettings(localSettings());
  }
}

async function load(path: string, cookie?: string) {
  const request = new Request(`${APP_URL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return (await route.loader({ request, params: {}, context: {} } as never)) as unknown as Answer<{ page: ClaimPage }>;
}

async function claim(slug: string, cookie: string | undefined, fields: Record<string, string> = { maker: "on", accurate: "on", js: "1" }, origin?: string) {
  const request = formRequest(`/claim-product?product=${slug}`, { product: slug, ...fields }, { cookie, origin });
  return route.action({ request, params: {}, context: {} } as never) as Promise<unknown>;
}

async function claims(productId: number) {
  return queryRows<{ user_id: string; status: string; verified_by: string | null }>(
    getDb(),
    sql`select user_id, status, verified_by from product_claims where product_id = ${productId}`,
  );
}

async function makers(slug: string) {
  return (await getPublicProduct(slug))!.makers.map((m) => m.username);
}

describe("claim page", () => {
  it("sends a signed-out visitor to /auth with the return path, and writes nothing for a signed-out post", async () => {
    const p = await product();
    await expect(load(`/claim-product?product=${p.slug}`)).rejects.toMatchObject({ status: 302 });
    const refused = await load(`/claim-product?product=${p.slug}`).catch((response: Response) => response);
    expect((refused as Response).headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${p.slug}`)}`);
    await expect(claim(p.slug, undefined)).rejects.toMatchObject({ status: 302 });
    expect(await claims(p.id)).toEqual([]);
  });

  it("says when no product is named, and when it is unknown or not public", async () => {
    const { cookie } = await member(`viewer${Date.now()}@example.com`);
    for (const path of ["/claim-product", "/claim-product?product=", "/claim-product?product=%20%20"]) {
      const answer = await load(path, cookie);
      expect(answer.data.page).toEqual({ kind: "message", message: CLAIM_MESSAGES.noProduct });
    }
    const draft = await product({ status: "draft" });
    const suggestion = await product({ type: "suggestion" });
    for (const slug of ["no-such-product", draft.slug, suggestion.slug, "x".repeat(500)]) {
      const answer = await load(`/claim-product?product=${slug}`, cookie);
      expect(answer.init?.status).toBe(404);
      expect(answer.data.page).toEqual({ kind: "message", message: CLAIM_MESSAGES.notFound });
      const posted = (await claim(slug, cookie)) as ActionAnswer;
      expect(posted.init?.status).toBe(404);
      expect(posted.data.errors?.form).toBe(CLAIM_MESSAGES.notFound);
    }
    expect(await claims(draft.id)).toEqual([]);
  });

  it("shows the product's logo, name and tagline with the form", async () => {
    const p = await product();
    const { cookie } = await member(`reader${Date.now()}@example.com`);
    const answer = await load(`/claim-product?product=${p.slug}`, cookie);
    expect(answer.data.page).toMatchObject({ kind: "product", status: "open", product: { id: p.id, slug: p.slug, tagline: "Made by a factory" } });
  });
});

describe("claiming", () => {
  it("verifies a claim from a Google-verified address at the product's own domain at once: the user becomes a maker, the cached page is dropped", async () => {
    const p = await product();
    const owner = await googleMember(`founder@mail.${p.domain}`);
    expect(await makers(p.slug)).toEqual([]);
    const tags: CacheTag[] = [];
    const stop = onInvalidate((t) => tags.push(...t));
    const answer = (await claim(p.slug, owner.cookie)) as ActionAnswer;
    stop();
    expect(answer.data).toEqual({ outcome: "verified", slug: p.slug, message: CLAIM_MESSAGES.verified });
    expect(await claims(p.id)).toEqual([{ user_id: owner.id, status: "verified", verified_by: "email_domain" }]);
    expect(await makers(p.slug)).toEqual([owner.username]);
    expect(tags).toContain(`product:${p.slug}`);
    expect((await load(`/claim-product?product=${p.slug}`, owner.cookie)).data.page).toMatchObject({ status: "maker" });

    // Asking again: "already a maker", nothing added.
    const again = (await claim(p.slug, owner.cookie)) as ActionAnswer;
    expect(again.init?.status).toBe(409);
    expect(again.data.errors?.form).toBe(CLAIM_MESSAGES.alreadyMaker);
    expect(await makers(p.slug)).toEqual([owner.username]);
  });

  it("queues a claim from a development sign-in account at the product's own domain for review: the sign-in proved nothing", async () => {
    const p = await product();
    const typed = await member(`founder@${p.domain}`);
    const answer = (await claim(p.slug, typed.cookie)) as ActionAnswer;
    expect(answer.data).toEqual({ outcome: "pending", message: CLAIM_MESSAGES.pending });
    expect(await claims(p.id)).toEqual([{ user_id: typed.id, status: "pending", verified_by: null }]);
    expect(await makers(p.slug)).toEqual([]);
    // Also for an account the old screen marked verified (the mark is the `dev` account, not the flag).
    await getDb().execute(sql`update "user" set email_verified = true where id = ${typed.id}`);
    expect(((await claim(p.slug, typed.cookie)) as ActionAnswer).data.outcome).toBe("pending");
    expect(await makers(p.slug)).toEqual([]);
  });

  it("without JavaScript, a verified claim redirects to the product page with a flash", async () => {
    const p = await product();
    const owner = await googleMember(`nojs@${p.domain}`);
    const response = (await claim(p.slug, owner.cookie, { maker: "on", accurate: "on" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/resources/${p.slug}`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^toolnest_flash=/);
    expect(await makers(p.slug)).toEqual([owner.username]);
  });

  it.each([
    ["another domain", (domain: string) => `someone@not-${domain}`],
    ["a public mail provider", () => `someone${Date.now()}@gmail.com`],
  ])("queues a claim from %s for review, once however often it is sent", async (_, email) => {
    const p = await product();
    const claimer = await member(email(p.domain));
    for (let i = 0; i < 2; i++) {
      const answer = (await claim(p.slug, claimer.cookie)) as ActionAnswer;
      expect(answer.data).toEqual({ outcome: "pending", message: CLAIM_MESSAGES.pending });
    }
    expect(await claims(p.id)).toEqual([{ user_id: claimer.id, status: "pending", verified_by: null }]);
    expect(await makers(p.slug)).toEqual([]);
    expect((await load(`/claim-product?product=${p.slug}`, claimer.cookie)).data.page).toMatchObject({ status: "pending" });
  });

  it("does not verify an unverified address, a gmail.com product for a gmail user, or a platform's domain", async () => {
    const unverified = await product();
    const u = await googleMember(`unverified@${unverified.domain}`);
    await getDb().execute(sql`update "user" set email_verified = false where id = ${u.id}`);
    expect(((await claim(unverified.slug, u.cookie)) as ActionAnswer).data.outcome).toBe("pending");

    const gmail = await product({ website_url: "https://gmail.com/" });
    const g = await googleMember(`gmailer${Date.now()}@gmail.com`);
    expect(((await claim(gmail.slug, g.cookie)) as ActionAnswer).data.outcome).toBe("pending");

    // Six products at one unlisted domain: a platform, whoever its staff are.
    const shared = `platform${Date.now().toString(36)}.com`;
    const hosted = [];
    for (let i = 0; i < 6; i++) hosted.push(await product({ website_url: `https://${shared}/listing/${i}` }));
    const staff = await googleMember(`staff@${shared}`);
    expect(((await claim(hosted[0]!.slug, staff.cookie)) as ActionAnswer).data.outcome).toBe("pending");
    expect(await makers(hosted[0]!.slug)).toEqual([]);
  });

  it("tells the submitter they are already a maker", async () => {
    const p = await product();
    const submitter = await member(`submitter${Date.now()}@example.com`);
    await getDb().execute(sql`update products set submitter_id = ${submitter.id} where id = ${p.id}`);
    expect((await load(`/claim-product?product=${p.slug}`, submitter.cookie)).data.page).toMatchObject({ status: "maker" });
    const answer = (await claim(p.slug, submitter.cookie)) as ActionAnswer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.errors?.form).toBe(CLAIM_MESSAGES.alreadyMaker);
    expect(await claims(p.id)).toEqual([]);
  });

  it("keeps a rejected claim rejected, even from the product's own domain", async () => {
    const p = await product();
    const claimer = await googleMember(`rejected@${p.domain}`);
    await getDb().execute(sql`insert into product_claims (product_id, user_id, status) values (${p.id}, ${claimer.id}, 'rejected')`);
    expect((await load(`/claim-product?product=${p.slug}`, claimer.cookie)).data.page).toMatchObject({ status: "rejected" });
    const answer = (await claim(p.slug, claimer.cookie)) as ActionAnswer;
    expect(answer.data.errors?.form).toBe(CLAIM_MESSAGES.rejected);
    expect(await makers(p.slug)).toEqual([]);
  });

  it("requires both confirmations and refuses other sites' posts", async () => {
    const p = await product();
    const owner = await member(`confirm@${p.domain}`);
    const none = (await claim(p.slug, owner.cookie, { js: "1" })) as ActionAnswer;
    expect(none.init?.status).toBe(400);
    expect(none.data.errors).toEqual({ maker: CLAIM_MESSAGES.confirmMaker, accurate: CLAIM_MESSAGES.confirmAccurate });
    const half = (await claim(p.slug, owner.cookie, { maker: "on", accurate: "yes" })) as ActionAnswer;
    expect(half.data.errors).toEqual({ accurate: CLAIM_MESSAGES.confirmAccurate });
    await expect(claim(p.slug, owner.cookie, undefined, "https://evil.example")).rejects.toMatchObject({ init: { status: 403 } });
    const blank = (await route.action({
      request: formRequest("/claim-product", { product: "  ", maker: "on", accurate: "on" }, { cookie: owner.cookie }),
      params: {},
      context: {},
    } as never)) as ActionAnswer;
    expect(blank.data.errors?.product).toBe(CLAIM_MESSAGES.noProduct);
    expect(await claims(p.id)).toEqual([]);
  });

  it("limits claims per user", async () => {
    const claimer = await member(`busy${Date.now()}@example.com`);
    for (let i = 0; i < CLAIM_RATE_LIMIT.limit; i++) {
      const p = await product();
      expect(((await claim(p.slug, claimer.cookie)) as ActionAnswer).data.outcome).toBe("pending");
    }
    const last = await product();
    const refused = (await claim(last.slug, claimer.cookie)) as ActionAnswer & { init: { status: number; headers: Record<string, string> } };
    expect(refused.init.status).toBe(429);
    expect(refused.data.errors?.form).toBe(RATE_LIMIT_MESSAGE);
    expect(await claims(last.id)).toEqual([]);
    // Another user is not affected.
    const other = await member(`calm${Date.now()}@example.com`);
    expect(((await claim(last.slug, other.cookie)) as ActionAnswer).data.outcome).toBe("pending");
  });
});
