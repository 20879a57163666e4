/**
 * The submission wizard's server side (issue 11) against the real test database: the loader and
 * the action as the route calls them, with signed-in users. Ownership, validation messages,
 * Submit Product's idempotence, locked niches, completion, live-product revisions, bad input.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { readFlash } from "~/domain/flash.server";
import {
  COUPON_REQUIRED,
  DESCRIPTION_MIN,
  HEADLINE_MIN,
  MAKER_COMMENT_EMPTY,
  NICHE_REQUIRED,
  PRODUCT_NAME_MIN,
  URL_INVALID,
} from "~/domain/product-form/fields";
import { createProduct } from "../../../../tests/factories";
import { APP_URL, formRequest, localSettings, signedInCookie } from "../../../../tests/support/auth";
import { MISSING_DETAILS, MISSING_INFORMATION, NICHE_LOCKED, BUILT_IN_PLATFORMS } from "./wizard";
import { wizardAction, wizardLoader } from "./requests.server";
import { launchPlatforms } from "./queries.server";
import type { WizardView } from "./step-view.server";

interface Member {
  id: string;
  cookie: string;
}

async function member(name: string): Promise<Member> {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  const cookie = await signedInCookie(email);
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return { cookie, id: row!.id };
}

/** A draft as My Products' Proceed to Details leaves it: name, website, pricing; the submitter a maker. */
async function draftOf(owner: Member, name = `Wizard Draft ${Math.random().toString(36).slice(2, 8)}`): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    getDb(),
    sql`insert into products (product_name, website_url, pricing, slug, status, type, submitter_id)
        values (${name}, 'https://wizard-draft.example.com/', 'free', ${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}, 'draft', 'product', ${owner.id})
        returning id`,
  );
  await getDb().execute(sql`insert into product_makers (product_id, profile_id) values (${row!.id}, ${owner.id})`);
  return row!.id;
}

async function productRow(id: number) {
  const [row] = await queryRows<{ status: string; headline: string | null; description: string | null; maker_comment: string | null; product_name: string; tags: string[] }>(
    getDb(),
    sql`select status, headline, description, maker_comment, product_name, tags from products where id = ${id}`,
  );
  return row!;
}

const nicheIdsOf = async (id: number) =>
  (await queryRows<{ niche_id: number }>(getDb(), sql`select niche_id from product_niches where product_id = ${id} order by niche_id`)).map((r) => Number(r.niche_id));
const makerIdsOf = async (id: number) =>
  (await queryRows<{ profile_id: string }>(getDb(), sql`select profile_id from product_makers where product_id = ${id} order by profile_id`)).map((r) => r.profile_id);

function getRequest(path: string, cookie?: string) {
  return new Request(`${APP_URL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** What a loader or action answered: thrown or returned, Response or data(). */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; body: unknown; setCookie: string | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), body: null, setCookie: value.headers.get("Set-Cookie") };
  }
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const init = (value as { init: ResponseInit | null }).init;
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, location: headers.get("Location"), body: (value as { data: unknown }).data, setCookie: headers.get("Set-Cookie") };
  }
  return { status: 200, location: null, body: value, setCookie: null };
}

const load = (id: number | string, who: Member | null, step = "") =>
  outcome(() => wizardLoader(getRequest(`/submit-product-details?product=${id}${step ? `&step=${step}` : ""}`, who?.cookie), undefined));

const post = (id: number | string, who: Member, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  const request = formRequest(`/submit-product-details?product=${id}`, {}, { cookie: who.cookie });
  return outcome(() => wizardAction(new Request(request.url, { method: "POST", headers: request.headers, body }), undefined));
};

const DETAILS = {
  intent: "product-info",
  productName: "Wizard Product",
  headline: "A headline long enough",
  tagline: "Tagline",
  description: "A description that is comfortably longer than fifty characters, for the wizard test.",
  websiteUrl: "wizard.example.com",
  logoUrl: "",
  videoUrl: "",
  pricing: "freemium",
  features: ["Alpha", " alpha ", "Beta"],
};

let alice: Member;
let bob: Member;
let niche: { id: number; subcategory: number };
let otherNiche: number;

beforeAll(async () => {
  setAuthSettings(localSettings());
  alice = await member("alice");
  bob = await member("bob");
  const niches = await queryRows<{ id: number; subcategory: number }>(
    getDb(),
    sql`select n.id, (select ns.subcategory_id from niche_subcategories ns join subcategories s on s.id = ns.subcategory_id
                       where ns.niche_id = n.id and s.status = 'published' order by s.id limit 1) as subcategory
          from niches n
         where n.status = 'published'
           and exists (select 1 from product_niches pn join products p on p.id = pn.product_id where pn.niche_id = n.id and p.status = 'live')
         order by n.id limit 2`,
  );
  niche = { id: Number(niches[0]!.id), subcategory: Number(niches[0]!.subcategory) };
  otherNiche = Number(niches[1]!.id);
});

afterAll(() => setAuthSettings(undefined));

describe("who may open the wizard", () => {
  it("sends a signed-out visitor to sign in, and back", async () => {
    const id = await draftOf(alice);
    const answer = await load(id, null);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/submit-product-details?product=${id}`)}`);
  });

  it("without a usable draft redirects to My Products with Missing Information", async () => {
    for (const id of ["", "abc", "0", "-1", "1.5", "%00"]) {
      const answer = await load(id, alice);
      expect(answer.status, id).toBe(302);
      expect(answer.location).toBe("/my-products");
      const { flash } = await readFlash(new Request(APP_URL, { headers: { Cookie: answer.setCookie!.split(";")[0]! } }));
      expect(flash?.message).toBe(MISSING_INFORMATION);
    }
  });

  it("answers 404 for another user's draft, an unknown id and a suggestion, by URL and by form post", async () => {
    const id = await draftOf(alice);
    expect((await load(id, bob)).status).toBe(404);
    expect((await load(2_000_000_000, alice)).status).toBe(404);
    expect((await load(99_999_999_999, alice)).status).toBe(302);
    const suggestion = await createProduct(getDb(), { type: "suggestion", status: "pending" });
    await getDb().execute(sql`update products set submitter_id = ${alice.id} where id = ${suggestion.id}`);
    expect((await load(suggestion.id, alice)).status).toBe(404);

    expect((await post(id, bob, DETAILS)).status).toBe(404);
    expect((await post(id, bob, { intent: "submit", selectedCategories: String(niche.id) })).status).toBe(404);
    expect((await post(id, bob, { intent: "maker-comment", makerComment: "Mine now" })).status).toBe(404);
    expect((await post(id, bob, { intent: "makers", makers: bob.id })).status).toBe(404);
    const row = await productRow(id);
    expect(row).toMatchObject({ status: "draft", headline: null, maker_comment: null });
    expect(await makerIdsOf(id)).toEqual([alice.id]);
    expect(await nicheIdsOf(id)).toEqual([]);
  });
});

describe("the steps", () => {
  it("starts at 25 with Maker Comments and later steps locked", async () => {
    const id = await draftOf(alice);
    const view = (await load(id, alice)).body as WizardView;
    expect(view.completion).toBe(25);
    expect(view.current.step).toBe("product-info");
    expect(view.open).toMatchObject({ "product-info": true, categories: true, "maker-comments": false, makers: false, "embed-badge": false });
    // A locked step asked for in the URL shows where the maker is.
    expect(((await load(id, alice, "embed-badge")).body as WizardView).current.step).toBe("product-info");
  });

  it("checks Product Info with the spec's messages and saves it (50), tags trimmed and de-duplicated", async () => {
    const id = await draftOf(alice);
    const bad = await post(id, alice, { ...DETAILS, productName: "ab", headline: "abc", description: "short", websiteUrl: "not a url", hasCoupon: "on" });
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string> }).errors).toMatchObject({
      productName: PRODUCT_NAME_MIN,
      headline: HEADLINE_MIN,
      description: DESCRIPTION_MIN,
      websiteUrl: URL_INVALID,
      couponText: COUPON_REQUIRED,
    });
    expect((await productRow(id)).headline).toBeNull();

    const saved = await post(id, alice, DETAILS);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/submit-product-details?product=${id}&step=categories`);
    expect(await productRow(id)).toMatchObject({ status: "draft", headline: DETAILS.headline, tags: ["Alpha", "Beta"], product_name: "Wizard Product" });
    const view = (await load(id, alice)).body as WizardView;
    expect(view.completion).toBe(50);
    expect(view.current.step).toBe("categories");
    expect(view.open).toMatchObject({ "maker-comments": true, makers: true, "embed-badge": false, invite: false, "launch-platforms": false });
  });

  it("Submit Product needs the details and a niche, submits once, then opens every step", async () => {
    const id = await draftOf(alice);
    const early = await post(id, alice, { intent: "submit", selectedCategories: String(niche.id) });
    expect(early.status).toBe(400);
    expect((early.body as { errors: Record<string, string> }).errors.form).toBe(MISSING_DETAILS);
    await post(id, alice, DETAILS);
    const none = await post(id, alice, { intent: "submit" });
    expect(none.status).toBe(400);
    expect((none.body as { errors: Record<string, string> }).errors.selectedCategories).toBe(NICHE_REQUIRED);
    expect((await productRow(id)).status).toBe("draft");

    const fields = { intent: "submit", selectedCategories: String(niche.id), selectedSubcategories: String(niche.subcategory) };
    const [first, second] = await Promise.all([post(id, alice, fields), post(id, alice, fields)]);
    for (const answer of [first, second]) expect(answer.body).toMatchObject({ intent: "submit", submitted: true, revision: false });
    expect((await productRow(id)).status).toBe("pending");
    expect(await nicheIdsOf(id)).toEqual([niche.id]);
    const view = (await load(id, alice)).body as WizardView;
    expect(view.completion).toBe(50);
    expect(view.current.step).toBe("maker-comments");
    expect(Object.values(view.open).every(Boolean)).toBe(true);
  });

  it("locks the niches a submitted product has: shown locked, and the server refuses removing them", async () => {
    const id = await draftOf(alice);
    await post(id, alice, DETAILS);
    await post(id, alice, { intent: "submit", selectedCategories: String(niche.id) });
    const view = (await load(id, alice, "categories")).body as WizardView;
    expect(view.current.step === "categories" && view.current.lockedNicheIds).toEqual([niche.id]);
    const removed = await post(id, alice, { intent: "submit", selectedCategories: String(otherNiche) });
    expect(removed.status).toBe(400);
    expect((removed.body as { errors: Record<string, string> }).errors.selectedCategories).toBe(NICHE_LOCKED);
    expect(await nicheIdsOf(id)).toEqual([niche.id]);
    const added = await post(id, alice, { intent: "submit", selectedCategories: [String(niche.id), String(otherNiche)] });
    expect(added.status).toBe(200);
    expect(await nicheIdsOf(id)).toEqual([niche.id, otherNiche].sort((a, b) => a - b));
  });

  it("saves the maker comment (Comment Empty otherwise) and reaches 100", async () => {
    const id = await draftOf(alice);
    await post(id, alice, DETAILS);
    await post(id, alice, { intent: "submit", selectedCategories: String(niche.id) });
    const empty = await post(id, alice, { intent: "maker-comment", makerComment: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: { makerComment: MAKER_COMMENT_EMPTY }, toast: { title: "Comment Empty" } });
    const saved = await post(id, alice, { intent: "maker-comment", makerComment: "We built this for ourselves first." });
    expect(saved.status).toBe(302);
    expect((await productRow(id)).maker_comment).toBe("We built this for ourselves first.");
    const view = (await load(id, alice)).body as WizardView;
    expect(view.completion).toBe(100);
    expect(view.current.step).toBe("embed-badge");
    expect(view.current.step === "embed-badge" && view.current.previews.dark).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("adds and removes makers; the submitter always stays", async () => {
    const id = await draftOf(alice);
    await post(id, alice, DETAILS);
    expect((await post(id, alice, { intent: "makers", makers: [bob.id, "no-such-user"] })).status).toBe(302);
    expect(await makerIdsOf(id)).toEqual([alice.id, bob.id].sort());
    expect((await post(id, alice, { intent: "makers" })).status).toBe(302);
    expect(await makerIdsOf(id)).toEqual([alice.id]);
  });
});

describe("a maker by verified claim (issue 36)", () => {
  it("opens the wizard of a product without a submitter and saves its makers; a member who is not a maker gets 404", async () => {
    const live = await createProduct(getDb());
    await getDb().execute(sql`update products set headline = 'Claimed headline' where id = ${live.id}`);
    await getDb().execute(sql`insert into product_makers (product_id, profile_id, status) values (${live.id}, ${alice.id}, 'verified')`);
    expect((await load(live.id, alice, "product-info")).status).toBe(200);
    expect((await load(live.id, bob, "product-info")).status).toBe(404);
    expect((await post(live.id, bob, { intent: "makers", makers: bob.id })).status).toBe(404);
    expect((await post(live.id, alice, { intent: "makers", makers: [alice.id, bob.id] })).status).toBe(302);
    expect(await makerIdsOf(live.id)).toEqual([alice.id, bob.id].sort());
  });
});

describe("a live product", () => {
  it("keeps the public version: edits and the comment wait as one pending revision", async () => {
    const live = await createProduct(getDb(), { nicheSlug: undefined });
    await getDb().execute(sql`update products set submitter_id = ${alice.id}, headline = 'Live headline' where id = ${live.id}`);
    await getDb().execute(sql`insert into product_niches (product_id, niche_id) values (${live.id}, ${niche.id})`);
    const before = await productRow(live.id);
    expect((await post(live.id, alice, { ...DETAILS, headline: "A new headline for review" })).status).toBe(302);
    expect((await post(live.id, alice, { intent: "maker-comment", makerComment: "Hello" })).status).toBe(302);
    const submitted = await post(live.id, alice, { intent: "submit", selectedCategories: [String(niche.id), String(otherNiche)] });
    expect(submitted.body).toMatchObject({ submitted: true, revision: true });
    expect(await productRow(live.id)).toEqual(before);
    expect(await nicheIdsOf(live.id)).toEqual([niche.id]);
    const [revision] = await queryRows<{ changes: Record<string, unknown> }>(getDb(), sql`select changes from product_revisions where product_id = ${live.id} and status = 'pending'`);
    expect(revision!.changes).toMatchObject({ headline: "A new headline for review", maker_comment: "Hello", niche_ids: [niche.id, otherNiche] });
    const view = (await load(live.id, alice, "product-info")).body as WizardView;
    expect(view.product.pendingChanges).toBe(true);
    expect(view.current.step === "product-info" && view.current.values.headline).toBe("A new headline for review");
    expect(view.completion).toBe(100);
  });
});

describe("bad input", () => {
  it("never answers 5xx", async () => {
    const carol = await member("carol");
    const id = await draftOf(carol);
    const hostile = ["\u0000", "\uD800", "x".repeat(100_000), "'; drop table products; --", "<script>alert(1)</script>"];
    for (const value of hostile) {
      for (const intent of ["product-info", "submit", "maker-comment", "makers", value]) {
        const answer = await post(id, carol, {
          ...DETAILS,
          intent,
          productName: value,
          headline: value,
          description: value,
          websiteUrl: value,
          features: [value, value],
          selectedCategories: [value, "99999999999", "-1"],
          selectedSubcategories: value,
          makers: value,
          makerComment: value,
        });
        expect(answer.status, `${intent} ${value.slice(0, 10)}`).toBeLessThan(500);
      }
    }
    expect((await post(id, carol, { intent: ["submit", "makers"] })).status).toBe(400);
    expect((await post("abc", carol, DETAILS)).status).toBe(404);
    expect((await post(99_999_999_999, carol, DETAILS)).status).toBe(404);
  });
});

describe("launch platforms", () => {
  it("falls back to none from the catalogue, then lists the marketing-sites subcategory's live products", async () => {
    expect((await launchPlatforms(getDb())).platforms).toEqual([]);
    expect(BUILT_IN_PLATFORMS).toHaveLength(5);
    const [sub] = await queryRows<{ id: number }>(getDb(), sql`insert into subcategories (name, slug) values ('Marketing Sites', 'marketing-sites') returning id`);
    const [indie] = await queryRows<{ id: number; slug: string }>(getDb(), sql`insert into niches (name, slug) values ('Indie Hackers Test', 'indie-hackers') on conflict (slug) do update set status = 'published' returning id, slug`);
    await getDb().execute(sql`insert into niche_subcategories (niche_id, subcategory_id) values (${indie!.id}, ${sub!.id})`);
    for (let i = 0; i < 7; i++) {
      const product = await createProduct(getDb(), { status: i === 6 ? "pending" : "live" });
      await getDb().execute(sql`insert into product_subcategories (product_id, subcategory_id) values (${product.id}, ${sub!.id})`);
    }
    const found = await launchPlatforms(getDb());
    expect(found.platforms).toHaveLength(5);
    expect(found.seeMoreUrl).toBe("/niche/indie-hackers/subcategory/marketing-sites");
  });
});
