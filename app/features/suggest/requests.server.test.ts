import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { CLIENT_IP_HEADER, FLASH_COOKIE } from "~/lib/http/headers";
import { formRequest, localSettings, signedInCookie } from "../../../tests/support/auth";
import { SUGGESTION_REQUIRED, SUGGESTION_TOO_LONG } from "./suggest";
import { SUGGEST_RATE_LIMITED, suggestAction } from "./requests.server";
import { suggestionSlug } from "./mutations.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

type Answer = { data: { ok: boolean; errors?: Record<string, string> }; init: { status: number; headers?: Record<string, string> } | null };

/** The action's answer whether it returns or throws (redirects and refusals are thrown). */
async function post(fields: Record<string, string>, init: { cookie?: string; origin?: string; ip?: string } = {}) {
  const request = formRequest("/submit", fields, init);
  request.headers.set(CLIENT_IP_HEADER, init.ip ?? "192.0.2.1");
  try {
    return (await suggestAction(request)) as unknown as Answer | Response;
  } catch (thrown) {
    return thrown as Answer | Response;
  }
}

async function suggestionsBy(email: string) {
  return queryRows<Record<string, unknown>>(
    getDb(),
    sql`select p.* from products p join "user" u on u.id = p.submitter_id where u.email = ${email} order by p.id`,
  );
}

describe("POST /submit", () => {
  it("sends a signed-out visitor to sign in, coming back with the text, and stores nothing", async () => {
    const before = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products where type = 'suggestion'`);
    const answer = (await post({ text: "Linear, for issue tracking" })) as Response;
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toBe("/submit?text=Linear%2C+for+issue+tracking");
    const after = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products where type = 'suggestion'`);
    expect(after).toEqual(before);
  });

  it("refuses cross-site posts and methods other than POST", async () => {
    const cookie = await signedInCookie("suggest.origin@example.com");
    expect(await post({ text: "x" }, { cookie, origin: "https://evil.example" })).toMatchObject({ init: { status: 403 } });
    const put = new Request("http://localhost:3000/submit", { method: "PUT", headers: { Cookie: cookie, Origin: "http://localhost:3000" } });
    await expect(suggestAction(put)).rejects.toMatchObject({ init: { status: 405 } });
    expect(await suggestionsBy("suggest.origin@example.com")).toEqual([]);
  });

  it.each([
    ["empty", { text: "" }, SUGGESTION_REQUIRED],
    ["blank", { text: " \r\n\t " }, SUGGESTION_REQUIRED],
    ["missing", {}, SUGGESTION_REQUIRED],
    ["2,001 characters", { text: "x".repeat(2001) }, SUGGESTION_TOO_LONG],
  ])("refuses a suggestion that is %s with the field's message", async (_, fields, message) => {
    const cookie = await signedInCookie("suggest.blank@example.com");
    const answer = (await post(fields, { cookie })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({ text: message });
    expect(await suggestionsBy("suggest.blank@example.com")).toEqual([]);
  });

  it("stores the spec's suggestion record and, without JavaScript, redirects to My Products with the thanks", async () => {
    const cookie = await signedInCookie("suggest.record@example.com");
    const text = `  ${"A tool for teams. ".repeat(10)}\r\nSecond line  `;
    const answer = (await post({ text }, { cookie })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/my-products?tab=products");
    expect(answer.headers.get("Set-Cookie")).toContain(`${FLASH_COOKIE}=`);
    const [row, ...rest] = await suggestionsBy("suggest.record@example.com");
    expect(rest).toEqual([]);
    const stored = `${"A tool for teams. ".repeat(10)}\nSecond line`;
    expect(row).toMatchObject({
      product_name: "Resource Suggestion",
      type: "suggestion",
      status: "pending",
      description: stored,
      headline: stored.slice(0, 100),
      tagline: "User Suggestion",
      submitter_email: "suggest.record@example.com",
      category: null,
      tags: [],
    });
    // The submitter's name is their profile's username (what the site shows for them).
    const [profile] = await queryRows<{ username: string }>(getDb(), sql`select username from profiles where id = ${row!.submitter_id}`);
    expect(row!.submitter_name).toBe(profile!.username);
    expect(row!.slug).toMatch(/^resource-suggestion-\d{13}-[0-9a-f]{10}$/);
  });

  it("answers data to the hydrated form, which shows the thanks itself", async () => {
    const cookie = await signedInCookie("suggest.stay@example.com");
    expect(await post({ text: "Raycast", stay: "1" }, { cookie })).toEqual({ ok: true });
    expect(await suggestionsBy("suggest.stay@example.com")).toHaveLength(1);
  });

  it("stores a double submission once, even when both arrive together", async () => {
    const cookie = await signedInCookie("suggest.double@example.com");
    const answers = await Promise.all([post({ text: "Obsidian", stay: "1" }, { cookie }), post({ text: "Obsidian", stay: "1" }, { cookie })]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(await suggestionsBy("suggest.double@example.com")).toHaveLength(1);
    // A different text is a different suggestion.
    await post({ text: "Logseq", stay: "1" }, { cookie });
    expect(await suggestionsBy("suggest.double@example.com")).toHaveLength(2);
  });

  it("gives two suggestions in the same millisecond different slugs", () => {
    const now = Date.now();
    const slugs = new Set(Array.from({ length: 50 }, () => suggestionSlug(now)));
    expect(slugs.size).toBe(50);
    for (const slug of slugs) expect(slug.startsWith(`resource-suggestion-${now}-`)).toBe(true);
  });

  it("allows 5 suggestions an hour per member, then answers 429 with Retry-After and stores nothing", async () => {
    const cookie = await signedInCookie("suggest.limit@example.com");
    for (let i = 1; i <= 5; i += 1) expect(await post({ text: `Tool number ${i}`, stay: "1" }, { cookie, ip: "192.0.2.50" })).toEqual({ ok: true });
    const refused = (await post({ text: "Tool number 6", stay: "1" }, { cookie, ip: "192.0.2.51" })) as Answer;
    expect(refused.init?.status).toBe(429);
    expect(Number(refused.init?.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(refused.data.errors).toEqual({ form: SUGGEST_RATE_LIMITED });
    expect(await suggestionsBy("suggest.limit@example.com")).toHaveLength(5);
  });

  it("allows 20 suggestions an hour from one address, whoever sends them", async () => {
    for (let i = 0; i < 4; i += 1) {
      const cookie = await signedInCookie(`suggest.ip${i}@example.com`);
      for (let j = 0; j < 5; j += 1) expect(await post({ text: `From ${i}, ${j}`, stay: "1" }, { cookie, ip: "192.0.2.99" })).toEqual({ ok: true });
    }
    const cookie = await signedInCookie("suggest.ip5@example.com");
    expect(await post({ text: "One too many", stay: "1" }, { cookie, ip: "192.0.2.99" })).toMatchObject({ init: { status: 429 } });
    expect(await post({ text: "From elsewhere", stay: "1" }, { cookie, ip: "192.0.2.100" })).toEqual({ ok: true });
  });
});
