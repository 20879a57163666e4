/**
 * The AI Engine settings' save: one transaction with its audit entry. The audit entry says
 * "api key changed" or "api key removed", never the key.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { needsKey, type SettingsInput } from "./ai-engine";
import { lastFour, sealKey } from "./key-crypto.server";
import { authSecret, readRow } from "./queries.server";

export type SaveResult = { ok: true; created: boolean } | { ok: false; reason: "key required" };

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
