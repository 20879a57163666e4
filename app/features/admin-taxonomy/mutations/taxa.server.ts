/**
 * Manage Niches and Manage Parent Subcategories (decision 045): adding, renaming, publishing and
 * deleting a niche or a parent subcategory (reads: queries.server.ts; memberships: membership.server.ts).
 * Every write is one transaction with its audit entry inside; renames keep the old slug in
 * `taxonomy_slug_redirects` so old URLs answer 301; afterwards every instance drops its cached
 * pages and memoised taxonomy (`invalidate(["all"])`), so a drafted niche leaves menus, pages,
 * sitemaps, feeds and the API at once.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { z } from "zod";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, diffFields, type Actor } from "~/domain/audit/audit.server";
import { clearCategories, unlinkNiches, unlinkSubcategories } from "~/domain/products/relations.server";
import { slugify } from "~/lib/slug";
import type { Option, PublishStatus, TaxonRow } from "../admin-taxonomy";
import {
  entity,
  namedWrite,
  lockOne,
  nameTaken,
  refreshPublicPages,
  releaseOldSlug,
  SCOPE,
  TABLE,
  TaxonRowSchema,
  uniqueSlug,
  type TaxonKind,
  type Tx,
  type WriteResult,
} from "../taxon-rules.server";

/** Adds a published niche, or a published top-level parent subcategory. */
export async function createTaxon(db: Database, actor: Actor, kind: TaxonKind, name: string): Promise<WriteResult<TaxonRow>> {
  return namedWrite(db, kind, async (tx): Promise<WriteResult<TaxonRow>> => {
    if (await nameTaken(tx, kind, name, null)) return { ok: false, reason: "exists" } as const;
    const slug = await uniqueSlug(tx, kind, name, null);
    const row =
      kind === "niche"
        ? await selectRow(
            tx,
            TaxonRowSchema,
            sql`insert into niches (name, slug, status) values (${name}, ${slug}, 'published')
                returning id, name, slug, status, 0 as product_count`,
          )
        : await selectRow(
            tx,
            TaxonRowSchema,
            sql`insert into subcategories (name, slug, status, is_parent, parent_id) values (${name}, ${slug}, 'published', true, null)
                returning id, name, slug, status, 0 as product_count`,
          );
    if (!row) throw new Error("insert returned no row");
    await releaseOldSlug(tx, kind, slug);
    await recordAudit(tx, actor, {
      action: `${entity(kind)}.create`,
      entityType: entity(kind),
      entityId: row.id,
      summary: row.name,
      changes: diffFields(null, { name: row.name, slug: row.slug, status: row.status }),
    });
    return { ok: true, value: row } as const;
  });
}

/** Renames and re-slugs; the old slug keeps answering with a permanent redirect. */
export async function renameTaxon(db: Database, actor: Actor, kind: TaxonKind, id: number, name: string): Promise<WriteResult<TaxonRow>> {
  return namedWrite(db, kind, async (tx): Promise<WriteResult<TaxonRow>> => {
    const before = await lockOne(tx, kind, id);
    if (!before) return { ok: false, reason: "missing" } as const;
    if (await nameTaken(tx, kind, name, id)) return { ok: false, reason: "exists" } as const;
    const slug = slugify(name) === before.slug ? before.slug : await uniqueSlug(tx, kind, name, id);
    await tx.execute(sql`update ${TABLE[kind]} set name = ${name}, slug = ${slug}, updated_at = now() where id = ${id}`);
    if (slug !== before.slug) {
      await releaseOldSlug(tx, kind, slug);
      await tx.execute(
        sql`insert into taxonomy_slug_redirects (kind, old_slug, target_id) values (${kind}, ${before.slug}, ${id})
            on conflict (kind, old_slug) do update set target_id = excluded.target_id, created_at = now()`,
      );
    }
    await recordAudit(tx, actor, {
      action: `${entity(kind)}.rename`,
      entityType: entity(kind),
      entityId: id,
      summary: name,
      changes: diffFields({ name: before.name, slug: before.slug }, { name, slug }),
    });
    return { ok: true, value: { ...before, name, slug } } as const;
  });
}

export async function setTaxonStatus(db: Database, actor: Actor, kind: TaxonKind, id: number, status: PublishStatus): Promise<WriteResult<TaxonRow>> {
  const result = await db.transaction(async (tx): Promise<WriteResult<TaxonRow>> => {
    const before = await lockOne(tx, kind, id);
    if (!before) return { ok: false, reason: "missing" };
    if (before.status === status) return { ok: true, value: before };
    await tx.execute(sql`update ${TABLE[kind]} set status = ${status}, updated_at = now() where id = ${id}`);
    await recordAudit(tx, actor, {
      action: `${entity(kind)}.status`,
      entityType: entity(kind),
      entityId: id,
      summary: before.name,
      changes: diffFields({ status: before.status }, { status }),
    });
    return { ok: true, value: { ...before, status } };
  });
  if (result.ok) await refreshPublicPages();
  return result;
}

/**
 * The products' links to the niches or subcategories being deleted: a niche's product_niches and
 * the product_subcategories that name it as their category; a subcategory's product_subcategories.
 * Written by the products module (app/domain/products/relations.server.ts), their one writer.
 */
async function unlinkProducts(tx: Tx, kind: TaxonKind, gone: SQL): Promise<void> {
  if (kind === "niche") {
    await unlinkNiches(tx, gone);
    await clearCategories(tx, gone);
  } else {
    await unlinkSubcategories(tx, gone);
  }
}

export interface DeleteResult {
  deleted: Option[];
  missing: number[];
}

/**
 * Deletes niches (or parent subcategories) with their relations, in one transaction: a niche's
 * product_niches, niche_subcategories, product_subcategories.category_id and profile choices; a
 * subcategory's product_subcategories, niche_subcategories and children's parent_id; and the
 * old slugs pointing at them.
 */
export async function deleteTaxa(db: Database, actor: Actor, kind: TaxonKind, ids: readonly number[]): Promise<DeleteResult> {
  const result = await db.transaction(async (tx) => {
    const found: Option[] = await selectRows(
      tx,
      z.object({ id: col.int, name: col.text }),
      sql`select id, name from ${TABLE[kind]} where id = any(${intArray(ids)}) and ${SCOPE[kind]} order by id for update`,
    );
    const known = new Set(found.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (!found.length) return { deleted: [], missing };
    const gone = intArray(found.map((row) => row.id));
    await unlinkProducts(tx, kind, gone);
    if (kind === "niche") {
      await tx.execute(sql`delete from niche_subcategories where niche_id = any(${gone})`);
      await tx.execute(sql`update profiles set primary_niche_id = null where primary_niche_id = any(${gone})`);
      await tx.execute(
        sql`update profiles set loved_niche_ids = array(select x from unnest(loved_niche_ids) as x where x <> all(${gone}))
             where loved_niche_ids && ${gone}`,
      );
      await tx.execute(sql`delete from niches where id = any(${gone})`);
    } else {
      await tx.execute(sql`delete from niche_subcategories where subcategory_id = any(${gone})`);
      await tx.execute(sql`update subcategories set parent_id = null, updated_at = now() where parent_id = any(${gone})`);
      await tx.execute(sql`delete from subcategories where id = any(${gone})`);
    }
    await tx.execute(sql`delete from taxonomy_slug_redirects where kind = ${kind} and target_id = any(${gone})`);
    // Their links are gone, so their kept counts are 0: drop the rows.
    await tx.execute(sql`delete from taxonomy_product_counts where kind = ${kind} and ref_id = any(${gone})`);
    const many = found.length > 1;
    await recordAudit(tx, actor, {
      action: `${entity(kind)}.delete`,
      entityType: entity(kind),
      entityId: many ? null : found[0]!.id,
      summary: many ? `${found.length} ${kind === "niche" ? "niches" : "subcategories"}` : found[0]!.name,
      changes: { ids: found.map((row) => row.id), names: found.map((row) => row.name) },
    });
    return { deleted: found, missing };
  });
  if (result.deleted.length) await refreshPublicPages();
  return result;
}
