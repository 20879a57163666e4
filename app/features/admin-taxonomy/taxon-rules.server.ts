/**
 * What every taxonomy write shares (decision 045): the table each kind lives in, unique names and
 * slugs, the row lock, and dropping every instance's cached pages after a write.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { invalidate } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { slugify } from "~/lib/slug";
import type { TaxonRow } from "./admin-taxonomy";

export type TaxonKind = "niche" | "subcategory";
export type Tx = Pick<Database, "execute">;
/** A transaction of `db.transaction`: reads, writes and the audit entry. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type WriteResult<T = undefined> = { ok: true; value: T } | { ok: false; reason: "exists" | "missing" };

export const TABLE: Record<TaxonKind, SQL> = { niche: sql.raw("niches"), subcategory: sql.raw("subcategories") };
/** The rows each page manages: every niche; parent subcategories only. */
export const SCOPE: Record<TaxonKind, SQL> = { niche: sql`true`, subcategory: sql`is_parent` };

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** A taxon row as an insert or a lock answers it (product_count: 0, the page reads the real one). */
export const TaxonRowSchema = z.object({ id: col.int, name: col.text, slug: col.text, status: z.enum(["published", "draft"]), product_count: col.int });

/** The spec's slug (lowercase, whitespace to hyphens), URL-safe, made unique with -2, -3... */
export async function uniqueSlug(tx: Tx, kind: TaxonKind, name: string, exceptId: number | null): Promise<string> {
  const base = slugify(name) || kind;
  const taken = await selectRows(
    tx,
    z.object({ slug: col.text }),
    sql`select slug from ${TABLE[kind]}
         where (slug = ${base} or (slug like ${`${base}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$'))
           and id is distinct from ${exceptId}`,
  );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function nameTaken(tx: Tx, kind: TaxonKind, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await selectRows(
    tx,
    z.object({ id: col.int }),
    sql`select id from ${TABLE[kind]} where lower(name) = lower(${name}) and id is distinct from ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

/** A live slug is never also an old one: the row that owns it now wins. */
export async function releaseOldSlug(tx: Tx, kind: TaxonKind, slug: string) {
  await tx.execute(sql`delete from taxonomy_slug_redirects where kind = ${kind} and old_slug = ${slug}`);
}

export async function lockOne(tx: Tx, kind: TaxonKind, id: number): Promise<TaxonRow | undefined> {
  return selectRow(
    tx,
    TaxonRowSchema,
    sql`select id, name, slug, status, 0 as product_count from ${TABLE[kind]} where id = ${id} and ${SCOPE[kind]} for update`,
  );
}

export const entity = (kind: TaxonKind) => (kind === "niche" ? "niche" : "subcategory");

/** Drops every instance's cached pages and memoised taxonomy. Never throws. */
export async function refreshPublicPages() {
  await invalidate(["all"]);
}

/**
 * A write under the name rules (add, rename, add a child): `work` is its transaction, holding the
 * kind's advisory lock, so the name check and the slug choice cannot race; a unique
 * violation (a race with a write outside the lock) answers "exists"; a change refreshes the public pages.
 */
export async function namedWrite<T>(db: Database, kind: TaxonKind, work: (tx: Transaction) => Promise<WriteResult<T>>): Promise<WriteResult<T>> {
  let result: WriteResult<T>;
  try {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`toolnest:taxonomy:${kind}`}))`);
      return work(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
  if (result.ok) await refreshPublicPages();
  return result;
}
