/**
 * The AI Engine's reads: its settings (one row, id 1) for the page (never the key) and for a
 * provider call (the key decrypted), and the published taxonomy a draft may suggest from.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getAuthState } from "~/domain/auth/auth.server";
import type { DraftTaxon } from "~/domain/product-form/ai-draft";
import { CONTENT_FORMATS, DEFAULT_VIEW, PROVIDERS, type ContentFormat, type Provider, type SettingsView } from "./ai-engine";
import { openKey } from "./key-crypto.server";

const SettingsRow = z.object({
  content_format: z.custom<ContentFormat>((value) => CONTENT_FORMATS.some((format) => format.value === value)),
  provider: z.custom<Provider>((value) => PROVIDERS.some((provider) => provider.value === value)),
  model: col.text,
  base_url: col.text.nullable(),
  api_key: col.text.nullable(),
  api_key_last4: col.text.nullable(),
  updated_at: col.date.nullable(),
});
export type SettingsRow = z.output<typeof SettingsRow>;

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

export async function readRow(db: Reader, lock = false): Promise<SettingsRow | null> {
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

export interface PublishedTaxonomy {
  niches: DraftTaxon[];
  subcategories: (DraftTaxon & { nicheIds: number[] })[];
}

export async function publishedTaxonomy(db: Pick<Database, "execute">): Promise<PublishedTaxonomy> {
  const niches = await selectRows(db, z.object({ id: col.int, name: col.text }), sql`select id, name from niches where status = 'published' order by lower(name), id`);
  const subcategories = await selectRows(
    db,
    z.object({ id: col.int, name: col.text, niche_ids: z.array(col.int).nullable() }),
    sql`select s.id, s.name,
               array(select ns.niche_id from niche_subcategories ns join niches n on n.id = ns.niche_id
                      where ns.subcategory_id = s.id and n.status = 'published' order by ns.niche_id) as niche_ids
          from subcategories s where s.status = 'published' order by lower(s.name), s.id`,
  );
  return {
    niches,
    subcategories: subcategories.map((s) => ({ id: s.id, name: s.name, nicheIds: s.niche_ids ?? [] })),
  };
}
