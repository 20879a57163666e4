import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { LocalStorage } from "~/lib/storage/local.server";
import { setStorage } from "~/lib/storage/storage.server";
import * as homeRoute from "~/routes/home";
import { createProduct } from "../../tests/factories";
import { APP_URL, cookieHeader, devSignIn, localSettings } from "../../tests/support/auth";
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, FAVORITES_MESSAGE, NICHE_MESSAGE, USERNAME_TAKEN_MESSAGE } from "~/features/profile/profile";
import { MAX_EDIT_BODY_BYTES, redirectToPrimaryNiche } from "~/features/profile/requests.server";
import { profileAction, profileLoader } from "~/routes/profile.server";

let uploads: string;
let niches: { id: number; slug: string }[];
let draftNicheId: number;

beforeAll(async () => {
  setAuthSettings(localSettings());
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-profile-uploads-"));
  setStorage(new LocalStorage(uploads));
  niches = await queryRows(getDb(), sql`select id, slug from niches where status = 'published' order by id limit 7`);
  const [draft] = await queryRows<{ id: number }>(
    getDb(),
    sql`insert into niches (name, slug, status) values ('Hidden Draft Niche', 'hidden-draft-niche', 'draft') returning id`,
  );
  draftNicheId = draft!.id;
});

afterAll(() => {
  setAuthSettings(undefined);
  setStorage(undefined);
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function signIn(email: string) {
  const result = await devSignIn(email);
  if (!result.ok) throw new Error(result.error);
  const [user] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return { cookie: cookieHeader(result.headers.getSetCookie()), userId: user!.id };
}

type Fields = Record<string, string | string[] | File>;

function profileRequest(fields: Fields, cookie: string, init: { origin?: string } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return new Request(`${APP_URL}/profile?tab=edit`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: init.origin ?? APP_URL },
    body: form,
  });
}

type Failure = { data: { errors: Record<string, string> }; init: { status: number } };

async function profileOf(userId: string) {
  const [row] = await queryRows<{
    username: string;
    career: string | null;
    avatar_url: string | null;
    primary_niche_id: number | null;
    loved_niche_ids: number[];
  }>(getDb(), sql`select username, career, avatar_url, primary_niche_id, loved_niche_ids from profiles where id = ${userId}`);
  return row!;
}

const pngFile = async (name = "me.png") =>
  new File([new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } }).png().toBuffer())], name, {
    type: "image/png",
  });

function storedFiles(userId: string): string[] {
  const dir = path.join(uploads, "avatars", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("profile page guards", () => {
  it("sends a signed-out visitor to /auth, and refuses a post from another site", async () => {
    await expect(profileLoader(new Request(`${APP_URL}/profile`))).rejects.toMatchObject({ status: 302 });
    await expect(profileAction(profileRequest({ username: "nobody" }, ""))).rejects.toMatchObject({ status: 302 });
    const { cookie, userId } = await signIn("guarded@example.com");
    await expect(profileAction(profileRequest({ username: "hijacked" }, cookie, { origin: "https://evil.example" }))).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await profileOf(userId)).username).toBe("guarded");
  });

  it("picks the tab from the query, falling back to Saved", async () => {
    const { cookie } = await signIn("tabs@example.com");
    const load = (query: string) => profileLoader(new Request(`${APP_URL}/profile${query}`, { headers: { Cookie: cookie } }));
    expect((await load("")).tab).toBe("bookmarks");
    expect((await load("?tab=nonsense")).tab).toBe("bookmarks");
    expect((await load("?tab=activities")).tab).toBe("activities");
    const edit = await load("?tab=edit");
    expect(edit.edit).toMatchObject({ username: "tabs", career: "", primaryNicheId: null, favoriteNicheIds: [] });
    expect(edit.edit!.niches.length).toBeGreaterThan(5);
    expect(edit.edit!.niches.some((n) => n.id === draftNicheId)).toBe(false);
  });
});

describe("My Products tab", () => {
  it("lists only the user's own products, newest first, without deleted ones", async () => {
    const { cookie, userId } = await signIn("maker@example.com");
    const { userId: otherId } = await signIn("othermaker@example.com");
    const db = getDb();
    const older = await createProduct(db, { product_name: "Maker Older Live", created_at: new Date(Date.now() - 86_400_000) });
    const newer = await createProduct(db, { product_name: "Maker Newer Pending", status: "pending" });
    const deleted = await createProduct(db, { product_name: "Maker Deleted", status: "deleted" });
    const theirs = await createProduct(db, { product_name: "Someone Else's" });
    for (const [id, owner] of [[older.id, userId], [newer.id, userId], [deleted.id, userId], [theirs.id, otherId]] as const) {
      await db.execute(sql`update products set submitter_id = ${owner} where id = ${id}`);
    }
    const page = await profileLoader(new Request(`${APP_URL}/profile?tab=products`, { headers: { Cookie: cookie } }));
    expect(page.products!.map((p) => [p.product_name, p.status, p.slug])).toEqual([
      ["Maker Newer Pending", "pending", newer.slug],
      ["Maker Older Live", "live", older.slug],
    ]);
  });
});

describe("saving the Edit Profile form", () => {
  it("saves every field and goes back to the tab with the Profile Updated toast", async () => {
    const { cookie, userId } = await signIn("editor@example.com");
    const favorites = niches.slice(1, 6).map((n) => String(n.id));
    const response = (await profileAction(
      profileRequest({ username: " Editor99 ", career: " Designer ", primaryNicheId: String(niches[0]!.id), favoriteNicheIds: favorites }, cookie),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=edit");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toolnest_flash=/);
    expect(await profileOf(userId)).toMatchObject({
      username: "Editor99",
      career: "Designer",
      primary_niche_id: niches[0]!.id,
      loved_niche_ids: favorites.map(Number),
    });

    // Clearing career and niches works too.
    await profileAction(profileRequest({ username: "Editor99", career: "", primaryNicheId: "" }, cookie));
    expect(await profileOf(userId)).toMatchObject({ career: null, primary_niche_id: null, loved_niche_ids: [] });
  });

  it("refuses a username someone else has, whatever its case (409), and writes nothing", async () => {
    await signIn("takenhandle@example.com");
    const { cookie, userId } = await signIn("wantshandle@example.com");
    const result = (await profileAction(profileRequest({ username: "TAKENHANDLE", career: "Changed" }, cookie))) as unknown as Failure;
    expect(result.init.status).toBe(409);
    expect(result.data.errors.username).toBe(USERNAME_TAKEN_MESSAGE);
    expect(await profileOf(userId)).toMatchObject({ username: "wantshandle", career: null });
  });

  it("refuses a short username with the spec's message", async () => {
    const { cookie } = await signIn("shorty@example.com");
    const result = (await profileAction(profileRequest({ username: "ab" }, cookie))) as unknown as Failure;
    expect(result.init.status).toBe(400);
    expect(result.data.errors.username).toBe("Username must be at least 3 characters");
  });

  it("refuses six favourite niches", async () => {
    const { cookie, userId } = await signIn("sixfans@example.com");
    const result = (await profileAction(
      profileRequest({ username: "sixfans", favoriteNicheIds: niches.slice(0, 6).map((n) => String(n.id)) }, cookie),
    )) as unknown as Failure;
    expect(result.init.status).toBe(400);
    expect(result.data.errors.favoriteNicheIds).toBe(FAVORITES_MESSAGE);
    expect((await profileOf(userId)).loved_niche_ids).toEqual([]);
  });

  it("refuses a niche that is not published, as My Niche or as a favourite, and one that does not exist", async () => {
    const { cookie, userId } = await signIn("drafty@example.com");
    const cases: Fields[] = [
      { primaryNicheId: String(draftNicheId) },
      { favoriteNicheIds: [String(niches[0]!.id), String(draftNicheId)] },
      { primaryNicheId: "999999" },
      { primaryNicheId: "not-a-number" },
    ];
    for (const fields of cases) {
      const result = (await profileAction(profileRequest({ username: "drafty", ...fields }, cookie))) as unknown as Failure;
      expect(result.init.status).toBe(400);
      expect(Object.values(result.data.errors)).toContain(NICHE_MESSAGE);
    }
    expect(await profileOf(userId)).toMatchObject({ primary_niche_id: null, loved_niche_ids: [] });
  });
});

describe("avatar upload", () => {
  it("stores a resized WebP, links it, and deletes the one it replaces", async () => {
    const { cookie, userId } = await signIn("picture@example.com");
    await profileAction(profileRequest({ username: "picture", avatar: await pngFile() }, cookie));
    const first = (await profileOf(userId)).avatar_url!;
    expect(first).toMatch(new RegExp(`^/uploads/avatars/${userId}/[0-9a-f]{24}\\.webp$`));
    const file = path.join(uploads, first.replace(/^\/uploads\//, ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    // Saving without a new file keeps the avatar.
    await profileAction(profileRequest({ username: "picture", career: "Photographer" }, cookie));
    expect((await profileOf(userId)).avatar_url).toBe(first);

    await profileAction(profileRequest({ username: "picture", avatar: await pngFile("again.png") }, cookie));
    const second = (await profileOf(userId)).avatar_url!;
    expect(second).not.toBe(first);
    expect(storedFiles(userId)).toEqual([path.basename(second)]);
  });

  it("refuses a text file named .png, storing and changing nothing", async () => {
    const { cookie, userId } = await signIn("faker@example.com");
    const fake = new File(["this is not an image"], "photo.png", { type: "image/png" });
    const result = (await profileAction(profileRequest({ username: "renamedfaker", avatar: fake }, cookie))) as unknown as Failure;
    expect(result.init.status).toBe(400);
    expect(result.data.errors.avatar).toBe(AVATAR_TYPE_MESSAGE);
    expect(await profileOf(userId)).toMatchObject({ username: "faker", avatar_url: null });
    expect(storedFiles(userId)).toEqual([]);
  });

  it("answers 413 from Content-Length without reading the body", async () => {
    const { cookie } = await signIn("bigdeclared@example.com");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(`${APP_URL}/profile?tab=edit`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(MAX_EDIT_BODY_BYTES + 1) },
      body,
      duplex: "half",
    } as RequestInit);
    const result = (await profileAction(request)) as unknown as Failure;
    expect(result.init.status).toBe(413);
    expect(result.data.errors.avatar).toBe(AVATAR_SIZE_MESSAGE);
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it("answers 413 when a body without a length grows past the limit, and stops reading", async () => {
    const { cookie } = await signIn("bigstream@example.com");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const request = new Request(`${APP_URL}/profile?tab=edit`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
    } as RequestInit);
    const result = (await profileAction(request)) as unknown as Failure;
    expect(result.init.status).toBe(413);
    expect(sent).toBeLessThan(MAX_EDIT_BODY_BYTES + 2 * 256 * 1024);
  });
});

describe("home for a user with My Niche", () => {
  async function userWithNiche(email: string, nicheId: number | null) {
    const { cookie, userId } = await signIn(email);
    await getDb().execute(sql`update profiles set primary_niche_id = ${nicheId} where id = ${userId}`);
    return new Request(`${APP_URL}/`, { headers: { Cookie: cookie } });
  }

  it("redirects a signed-in user to their published niche", async () => {
    const request = await userWithNiche("homebound@example.com", niches[2]!.id);
    const thrown = await homeRoute.loader({ request, params: {}, context: {} } as never).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(`/niche/${niches[2]!.slug}`);
  });

  it("leaves home alone without a niche, with a draft niche, and for anonymous visitors", async () => {
    await expect(redirectToPrimaryNiche(await userWithNiche("noniche@example.com", null))).resolves.toBeUndefined();
    await expect(redirectToPrimaryNiche(await userWithNiche("draftniche@example.com", draftNicheId))).resolves.toBeUndefined();
    await expect(redirectToPrimaryNiche(new Request(`${APP_URL}/`))).resolves.toBeUndefined();
  });
});
