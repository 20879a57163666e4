/**
 * /admin/my-ai-engine's loader and action as requests: the admin gate, the round trip of every
 * setting, the key encrypted at rest and never in an answer, the audit entry, the log.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { readFlash } from "~/domain/flash.server";
import { setLogger } from "~/lib/logger.server";
import { adminCookie as signInAdmin, formRequest, localSettings, signedInCookie, TEST_SECRET, APP_URL } from "../../../tests/support/auth";
import { MESSAGES } from "./ai-engine";
import { openKey } from "./key-crypto.server";
import { settingsAction, settingsLoader } from "./requests.server";
import { readEngineConfig } from "./queries.server";
import { startFakeProvider, type FakeProvider } from "./test-provider";

const run = Date.now().toString(36);
const KEY = `sk-live-${run}-SECRETKEYVALUE-9f3c`;
const KEY2 = `sk-second-${run}-ANOTHERSECRET-77aa`;
let admin = "";
let member = "";
let provider: FakeProvider;

const logLines: string[] = [];

beforeAll(async () => {
  setAuthSettings(localSettings());
  setLogger(pino(
    { level: "trace" },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  ));
  admin = await signInAdmin(`ai.admin.${run}@example.com`);
  member = await signedInCookie(`ai.member.${run}@example.com`);
  provider = await startFakeProvider();
});

afterAll(async () => {
  setLogger(undefined);
  setAuthSettings(undefined);
  await provider.close();
});

afterEach(() => {
  // Whatever each test did, the key never reached a log line.
  expect(logLines.join("\n")).not.toContain(KEY);
  expect(logLines.join("\n")).not.toContain(KEY2);
});

type Answer = { status: number; location: string | null; cookie: string; text: string; body: Record<string, unknown> };

async function answer(call: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.clone().text();
    return { status: result.status, location: result.headers.get("Location"), cookie: result.headers.get("Set-Cookie") ?? "", text, body: {} };
  }
  const withInit = result as { data?: unknown; init?: ResponseInit | null };
  const text = JSON.stringify(withInit.data ?? null);
  return { status: withInit.init?.status ?? 200, location: null, cookie: "", text, body: (withInit.data ?? {}) as Record<string, unknown> };
}

const PATH = "/admin/my-ai-engine";
const get = (cookie: string) => new Request(`${APP_URL}${PATH}`, { headers: { Cookie: cookie } });
const save = (fields: Record<string, string>, cookie = admin) => answer(() => settingsAction(formRequest(PATH, { intent: "save", ...fields }, { cookie }), {}));

async function flashOf(cookie: string) {
  const { flash } = await readFlash(new Request(APP_URL, { headers: { Cookie: cookie.split(";")[0]! } }));
  return flash;
}

async function auditRows() {
  return queryRows<{ action: string; changes: Record<string, unknown>; actor_email: string }>(
    getDb(),
    sql`select action, changes, actor_email from audit_log where entity_type = 'settings' and entity_id = 'ai-engine' order by id`,
  );
}

describe("AI Engine settings", () => {
  it("is for admins only: a member is sent away, an anonymous visitor to /login, a cross-site post refused", async () => {
    expect((await answer(() => settingsLoader(get(member), {}))).location).toBe("/");
    expect((await answer(() => settingsLoader(get(""), {}))).location).toMatch(/^\/login\?redirectTo=/);
    expect((await save({ contentFormat: "plain", provider: "none" }, member)).location).toBe("/");
    const crossSite = await answer(() => settingsAction(formRequest(PATH, { intent: "save" }, { cookie: admin, origin: "https://evil.example" }), {}));
    expect(crossSite.status).toBe(403);
  });

  it("starts at provider none, plain text, no key", async () => {
    const page = await answer(() => settingsLoader(get(admin), {}));
    expect(page.body.settings).toMatchObject({ provider: "none", contentFormat: "plain", hasKey: false, keyLast4: null });
  });

  it("refuses bad input with a message next to the field (400), never a 5xx", async () => {
    expect((await save({ contentFormat: "rtf", provider: "none" })).body).toMatchObject({ ok: false, errors: { contentFormat: MESSAGES.formatRequired } });
    expect((await save({ contentFormat: "plain", provider: "skynet" })).body).toMatchObject({ errors: { provider: MESSAGES.providerRequired } });
    expect((await save({ contentFormat: "plain", provider: "openai-compatible", baseUrl: "" })).body).toMatchObject({ errors: { baseUrl: MESSAGES.baseUrlRequired } });
    expect((await save({ contentFormat: "plain", provider: "openai-compatible", baseUrl: "ftp://x" })).body).toMatchObject({ errors: { baseUrl: MESSAGES.baseUrlInvalid } });
    expect((await save({ contentFormat: "plain", provider: "openai", model: "gpt 4; drop" })).body).toMatchObject({ errors: { model: MESSAGES.modelInvalid } });
    const noKey = await save({ contentFormat: "plain", provider: "openai" });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ errors: { apiKey: MESSAGES.keyRequired } });
    expect((await answer(() => settingsAction(formRequest(PATH, { intent: "explode" }, { cookie: admin }), {}))).status).toBe(400);
  });

  it("saves every setting, keeps the key encrypted, and shows only its last 4 characters", async () => {
    const saved = await save({ contentFormat: "html", provider: "openai", model: "gpt-4o-mini", apiKey: KEY });
    expect(saved.location).toBe(PATH);
    expect((await flashOf(saved.cookie))?.message).toBe(MESSAGES.saved);

    const page = await answer(() => settingsLoader(get(admin), {}));
    expect(page.body.settings).toMatchObject({ provider: "openai", contentFormat: "html", model: "gpt-4o-mini", hasKey: true, keyLast4: KEY.slice(-4) });
    expect(page.text).not.toContain(KEY);
    expect(page.text).not.toContain(KEY.slice(0, -4));

    const [row] = await queryRows<{ api_key: string }>(getDb(), sql`select api_key from ai_workshop_settings where id = 1`);
    expect(row!.api_key).not.toContain(KEY);
    expect(openKey(row!.api_key, TEST_SECRET)).toBe(KEY);
    expect((await readEngineConfig(getDb(), TEST_SECRET)).apiKey).toBe(KEY);

    const [created] = await auditRows();
    expect(created).toMatchObject({ action: "ai-settings.create", actor_email: `ai.admin.${run}@example.com`, changes: { api_key: "api key set" } });
    expect(JSON.stringify(created)).not.toContain(KEY);
  });

  it("keeps the key when the box is left empty, replaces it when a new one is typed, and audits only that it changed", async () => {
    await save({ contentFormat: "plain", provider: "anthropic", model: "" });
    expect((await readEngineConfig(getDb(), TEST_SECRET)).apiKey).toBe(KEY);
    await save({ contentFormat: "plain", provider: "anthropic", apiKey: KEY2 });
    expect((await readEngineConfig(getDb(), TEST_SECRET)).apiKey).toBe(KEY2);
    const rows = await auditRows();
    expect(rows.at(-2)).toMatchObject({ action: "ai-settings.update", changes: { provider: { before: "openai", after: "anthropic" } } });
    expect(rows.at(-2)!.changes.api_key).toBeUndefined();
    expect(rows.at(-1)!.changes.api_key).toBe("api key changed");
    expect(JSON.stringify(rows)).not.toContain(KEY2);
  });

  it("saves an OpenAI-compatible endpoint without a key, and removes a key on request", async () => {
    await save({ contentFormat: "plain", provider: "openai-compatible", baseUrl: `${provider.site.origin}/v1`, model: "llama3.1", clearKey: "on" });
    const page = await answer(() => settingsLoader(get(admin), {}));
    expect(page.body.settings).toMatchObject({ provider: "openai-compatible", baseUrl: `${provider.site.origin}/v1`, model: "llama3.1", hasKey: false, keyLast4: null });
    expect((await auditRows()).at(-1)!.changes.api_key).toBe("api key removed");
  });

  it("Test connection reports success, or the provider's error in plain words, without the key", async () => {
    provider.behave({ kind: "text", text: "OK" });
    const ok = await answer(() => settingsAction(formRequest(PATH, { intent: "test" }, { cookie: admin }), {}));
    expect(ok.body).toMatchObject({ intent: "test", ok: true });
    expect(provider.calls.at(-1)!.path).toBe("/v1/chat/completions");

    await save({ contentFormat: "plain", provider: "openai-compatible", baseUrl: `${provider.site.origin}/v1`, model: "llama3.1", apiKey: KEY });
    provider.behave({ kind: "error", status: 401, message: `Incorrect API key provided: ${KEY}` });
    const refused = await answer(() => settingsAction(formRequest(PATH, { intent: "test" }, { cookie: admin }), {}));
    expect(provider.calls.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(refused.body).toMatchObject({ intent: "test", ok: false });
    expect(String(refused.body.message)).toContain("The provider refused the API key (401)");
    expect(refused.text).not.toContain(KEY);
    // The failure was logged (scrubbed): the afterEach check reads a log that holds it.
    expect(logLines.join("\n")).toContain("The provider refused the API key (401)");
  });

  it("says the spec's update, create and load failure messages when the database fails, and writes nothing", async () => {
    const db = getDb();
    const before = await auditRows();
    await db.execute(sql`create function ai_settings_refuse() returns trigger language plpgsql as $$ begin raise exception 'disk full (test)'; end $$`);
    await db.execute(sql`create trigger ai_settings_refuse before insert or update on ai_workshop_settings for each row execute function ai_settings_refuse()`);
    try {
      // A row exists (the tests above saved): an update that fails.
      const update = await save({ contentFormat: "html", provider: "openai", model: "gpt-x", apiKey: KEY2 });
      expect(update.status).toBe(302);
      expect(await flashOf(update.cookie)).toMatchObject({ kind: "error", message: MESSAGES.updateFailed });
      // No row yet: a create that fails.
      await db.execute(sql`delete from ai_workshop_settings`);
      const create = await save({ contentFormat: "html", provider: "openai", model: "gpt-x", apiKey: KEY2 });
      expect(await flashOf(create.cookie)).toMatchObject({ kind: "error", message: MESSAGES.createFailed });
      expect(await queryRows(db, sql`select id from ai_workshop_settings`)).toEqual([]);
      expect(await auditRows()).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger ai_settings_refuse on ai_workshop_settings`);
      await db.execute(sql`drop function ai_settings_refuse()`);
    }
    // A table that cannot be read: the load message, and the defaults rather than an error page.
    await db.execute(sql`alter table ai_workshop_settings rename to ai_workshop_settings_away`);
    try {
      const page = await answer(() => settingsLoader(get(admin), {}));
      expect(page.status).toBe(200);
      expect(page.body.loadError).toBe(MESSAGES.loadFailed);
      expect(page.body.settings).toMatchObject({ provider: "none", hasKey: false });
    } finally {
      await db.execute(sql`alter table ai_workshop_settings_away rename to ai_workshop_settings`);
    }
  });
});
