/**
 * My Products' writes: a new draft, Edit Product's save, a delete, and the one pending revision a
 * live product's edit becomes (`product_revisions`; the wizard's edits go there too): the product
 * row, which the public pages read, keeps the approved version. Every write first finds the
 * product among those the user manages (`loadRow`), so anyone else's id is "not found"; deleting
 * stays the submitter's.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { selectRow } from "~/db/rows.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { DESCRIPTION_REQUIRED, HEADLINE_REQUIRED } from "~/domain/product-form/fields";
import { deleteSubmitted, insertDraft, updateBasics } from "~/domain/products/edits.server";
import { sanitizeDescription } from "~/lib/sanitize.server";
import type { ProductBasics } from "./makers";
import { loadRow, shownRow, type BasicsRow, type EditColumn, type EditRow, type TextRow } from "./queries.server";

const EDIT_COLUMNS: EditColumn[] = ["product_name", "website_url", "logo_url", "pricing", "headline", "tagline", "description"];
/** Submitted products need these (the wizard requires them): Edit Product may change them, not empty them. */
export const REQUIRED_TEXT = { headline: HEADLINE_REQUIRED, description: DESCRIPTION_REQUIRED } as const;

function basicsRow(basics: ProductBasics): BasicsRow {
  return { product_name: basics.productName, website_url: basics.websiteUrl, logo_url: basics.logoUrl, pricing: basics.pricing };
}

/** The listing's text from Edit Product: only the fields the form sent (an older form sends none). */
export type ProductText = Partial<Record<"headline" | "tagline" | "description", string>>;

function textRow(text: ProductText): Partial<TextRow> {
  const row: Partial<TextRow> = {};
  if (text.headline !== undefined) row.headline = text.headline || null;
  if (text.tagline !== undefined) row.tagline = text.tagline || null;
  if (text.description !== undefined) row.description = text.description ? sanitizeDescription(text.description) : null;
  return row;
}

/** Equal as the page shows them: text compared trimmed, a description as sanitized (stored text may predate sanitizing). */
function sameValue(column: EditColumn, a: string | null | undefined, b: string | null | undefined): boolean {
  const left = (a ?? "").trim();
  const right = (b ?? "").trim();
  if (column === "description") return sanitizeDescription(left) === sanitizeDescription(right);
  return left === right;
}

/** A new draft from the Basic Information form; the submitter is also its first maker. */
export async function createDraft(db: Database, user: Pick<SessionUser, "id" | "email" | "profile">, basics: ProductBasics): Promise<number> {
  return db.transaction((tx) => insertDraft(tx, basicsRow(basics), { id: user.id, name: user.profile.username ?? null, email: user.email }));
}

export type UpdateResult = "applied" | "revision" | "unchanged" | "not found" | { required: Array<keyof typeof REQUIRED_TEXT> };

/**
 * Edit Product's save of a product the user manages. Nothing that differs from what the form
 * showed (the live row, or its pending revision): "unchanged", nothing written or filed. Draft,
 * pending and rejected products change at once (a new name gets a new slug: nobody links to them
 * yet). A live product is left as it is; the edit is merged into its one pending revision, which
 * keeps only the fields that differ from the live version (an edit back to the live values
 * withdraws the revision).
 */
export async function updateOwnProduct(db: Database, userId: string, id: number, basics: ProductBasics, text: ProductText = {}): Promise<UpdateResult> {
  const wanted: EditRow = { ...basicsRow(basics), ...textRow(text) };
  return db.transaction(async (tx): Promise<UpdateResult> => {
    const current = await loadRow(tx, userId, id, true);
    if (!current) return "not found";
    const shown = shownRow(current);
    const columns = EDIT_COLUMNS.filter((column) => column in wanted);
    if (current.status !== "draft") {
      const emptied = (Object.keys(REQUIRED_TEXT) as Array<keyof typeof REQUIRED_TEXT>).filter((column) => column in wanted && !wanted[column] && shown[column]?.trim());
      if (emptied.length) return { required: emptied };
    }
    if (columns.every((column) => sameValue(column, wanted[column], shown[column]))) return "unchanged";
    if (current.status !== "live") {
      await updateBasics(tx, id, current, wanted);
      return "applied";
    }
    // This form's fields are judged as the page shows them (trimmed, the description sanitized).
    await mergeRevision<EditRow>(tx, userId, id, current, wanted, sameValue);
    return "revision";
  });
}

function sameJson(_column: unknown, a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * A live product's edit becomes (part of) its one pending revision (decision 033): `changes`
 * keeps only what differs from the live row, under the product's column names (the wizard adds
 * `niche_ids` / `subcategory_ids` for the relations). Other forms' fields in the revision stay;
 * an edit back to the live values withdraws them, and an empty revision is removed.
 */
export async function mergeRevision<C extends object>(
  tx: Pick<Database, "execute">,
  userId: string,
  productId: number,
  live: C,
  wanted: Partial<C>,
  same: (column: keyof C, a: C[keyof C] | undefined, b: C[keyof C]) => boolean = sameJson,
): Promise<void> {
  const pending = await selectRow(
    tx,
    z.object({ changes: z.record(z.string(), z.unknown()) }),
    sql`select changes from product_revisions where product_id = ${productId} and status = 'pending' for update`,
  );
  const changes: Record<string, unknown> = { ...(pending?.changes ?? {}) };
  for (const column of Object.keys(wanted) as Array<keyof C & string>) {
    if (same(column, wanted[column], live[column])) delete changes[column];
    else changes[column] = wanted[column];
  }
  if (!Object.keys(changes).length) {
    await tx.execute(sql`delete from product_revisions where product_id = ${productId} and status = 'pending'`);
    return;
  }
  await tx.execute(
    sql`insert into product_revisions (product_id, user_id, changes)
        values (${productId}, ${userId}, ${JSON.stringify(changes)}::jsonb)
        on conflict (product_id) where status = 'pending'
        do update set changes = excluded.changes, user_id = excluded.user_id, created_at = now()`,
  );
}

/**
 * Deletes the user's product or suggestion (the submitter's only: a maker by claim edits, and
 * deleting is irreversible); its relations (niches, subcategories, makers,
 * upvotes, saves, feedback, stats, claims, revisions) go with it through their cascading foreign
 * keys, in the same statement. A product the public could see leaves the page cache too.
 */
export async function deleteOwnProduct(db: Database, userId: string, id: number): Promise<boolean> {
  const deleted = await deleteSubmitted(db, id, userId);
  if (!deleted) return false;
  if (deleted.status === "live" && deleted.type === "product") await invalidate(["lists", productTag(deleted.slug)]);
  return true;
}
