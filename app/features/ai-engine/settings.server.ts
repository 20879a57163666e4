/**
 * The AI Engine settings (one row, id 1): read for the page (never the key), read for a provider
 * call (the key decrypted), and saved with its audit entry in one transaction. The audit entry
 * says "api key changed" or "api key removed", never the key.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { getAuthState } from "~/domain/auth/auth.server";
import { CONTENT_FORMATS, DEFAULT_VIEW, PROVIDERS, type ContentFormat, type Provider, type SettingsInput, type SettingsView } from "./ai-engine";
import { lastFour, openKey, sealKey } from "./key-crypto.server";

const SettingsRow = z.object({
  content_format: z.custom<ContentFormat>((value) => CONTENT_FORMATS.some((format) => format.value === value)),
  provider: z.custom<Provider>((value) => PROVIDERS.some((provider) => provider.value === value)),
  model: col.text,
  base_url: col.text.nullable(),
  api_key: col.text.nullable(),
  api_key_last4: col.text.nullable(),
  updated_at: col.date.nullable(),
});
type SettingsRow = z.output<typeof SettingsRow>;

/** What a provider call needs. `apiKey` null: none stored, or sealed under another secret. */
export interface EngineConfig {
  contentFormat: ContentFormat;
  provider: Provider;
  model: string;
  baseUrl: string | null;
  apiKey: string | null;
}

type Reader = Pick<Database, "execute">;

/** The installation's auth secret, as the session cookies use it (AUTH_SECRET or the generated one). */
export function authSecret(): string {
  return getAuthState().settings.secret;
}

async function readRow(db: Reader, lock = false): Promise<SettingsRow | null> {
  const row = await selectRow(
    db,
    SettingsRow,
    sql`select content_format, provider, model, base_url, api_key, api_key_last4, updated_at
          from ai_workshop_settings where id = 1 ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export async function readSettingsView(db: Reader): Promise<SettingsView> {
  const row = await readRow(db);
  if (!row) return DEFAULT_VIEW;
  return {
    contentFormat: row.content_format,
    provider: row.provider,
    model: row.model,
    baseUrl: row.base_url ?? "",
    hasKey: row.api_key !== null,
    keyLast4: row.api_key ? row.api_key_last4 : null,
    updatedAt: row.updated_at?.toISOString() ?? null,
  };
}

export async function readEngineConfig(db: Reader, secret = authSecret()): Promise<EngineConfig> {
  const row = await readRow(db);
  if (!row) return { contentFormat: "plain", provider: "none", model: "", baseUrl: null, apiKey: null };
  return {
    contentFormat: row.content_format,
    provider: row.provider,
    model: row.model,
    baseUrl: row.base_url,
    apiKey: row.api_key ? openKey(row.api_key, secret) : null,
  };
}

export type SaveResult = { ok: true; created: boolean } | { ok: false; reason: "key required" };

/** Providers that cannot work without a key (a self-hosted endpoint may not need one). */
export function needsKey(provider: Provider): boolean {
  return provider === "openai" || provider === "anthropic" || provider === "google";
}

export async function saveSettings(db: Database, actor: Actor, input: SettingsInput, secret = authSecret()): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const before = await readRow(tx, true);
    const newKey = input.apiKey || null;
    const clear = input.clearKey === "on" && !newKey;
    const keptKey = clear ? null : (before?.api_key ?? null);
    if (needsKey(input.provider) && !newKey && !keptKey) return { ok: false, reason: "key required" } as const;

    const values = {
      content_format: input.contentFormat,
      provider: input.provider,
      model: input.model,
      base_url: input.provider === "openai-compatible" ? input.baseUrl : null,
    };
    const api_key = newKey ? sealKey(newKey, secret) : keptKey;
    const api_key_last4 = newKey ? lastFour(newKey) : clear ? null : (before?.api_key_last4 ?? null);
    await tx.execute(sql`
      insert into ai_workshop_settings (id, content_format, provider, model, base_url, api_key, api_key_last4, user_id)
      values (1, ${values.content_format}, ${values.provider}, ${values.model}, ${values.base_url}, ${api_key}, ${api_key_last4}, ${actor.id})
      on conflict (id) do update set content_format = excluded.content_format, provider = excluded.provider,
        model = excluded.model, base_url = excluded.base_url, api_key = excluded.api_key,
        api_key_last4 = excluded.api_key_last4, user_id = excluded.user_id, updated_at = now()`);

    const changes: Record<string, unknown> = diffFields(before ? { ...before } : null, values);
    if (newKey) changes.api_key = before?.api_key ? "api key changed" : "api key set";
    else if (clear && before?.api_key) changes.api_key = "api key removed";
    await recordAudit(tx, actor, {
      action: before ? "ai-settings.update" : "ai-settings.create",
      entityType: "settings",
      entityId: "ai-engine",
      summary: "AI Engine settings",
      changes,
    });
    return { ok: true, created: !before } as const;
  });
}
