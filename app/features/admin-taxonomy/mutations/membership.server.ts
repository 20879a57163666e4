/**
 * Which subcategories belong to a niche, which are a parent subcategory's children, and adding a
 * child (decision 045): each one transaction with its audit entry, then every instance's pages drop.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, diffFields, type Actor } from "~/domain/audit/audit.server";
import type { TaxonRow } from "../admin-taxonomy";
import {
  namedWrite,
  lockOne,
  nameTaken,
  refreshPublicPages,
  releaseOldSlug,
  TaxonRowSchema,
  uniqueSlug,
  type WriteResult,
} from "../taxon-rules.server";

const IdRow = z.object({ id: col.int });

/** Sets which subcategories belong to a niche (niche_subcategories). Unknown subcategory ids are ignored. */
export async function setNicheSubcategories(
  db: Database,
  actor: Actor,
  nicheId: number,
  subcategoryIds: readonly number[],
): Promise<WriteResult<{ added: number[]; removed: number[] }>> {
  const result = await db.transaction(async (tx): Promise<WriteResult<{ added: number[]; removed: number[] }>> => {
    const niche = await lockOne(tx, "niche", nicheId);
    if (!niche) return { ok: false, reason: "missing" };
    const wanted = (
      await selectRows(tx, IdRow, sql`select id from subcategories where id = any(${intArray(subcategoryIds)}) for share`)
    ).map((row) => row.id);
    const current = (
      await selectRows(tx, IdRow, sql`select subcategory_id as id from niche_subcategories where niche_id = ${nicheId}`)
    ).map((row) => row.id);
    const added = wanted.filter((id) => !current.includes(id)).sort((a, b) => a - b);
    const removed = current.filter((id) => !wanted.includes(id)).sort((a, b) => a - b);
    if (!added.length && !removed.length) return { ok: true, value: { added, removed } };
    if (removed.length) {
      await tx.execute(sql`delete from niche_subcategories where niche_id = ${nicheId} and subcategory_id = any(${intArray(removed)})`);
    }
    if (added.length) {
      await tx.execute(
        sql`insert into niche_subcategories (niche_id, subcategory_id)
            select ${nicheId}, x from unnest(${intArray(added)}) as x on conflict do nothing`,
      );
    }
    await recordAudit(tx, actor, {
      action: "niche.subcategories",
      entityType: "niche",
      entityId: nicheId,
      summary: niche.name,
      changes: { added, removed },
    });
    return { ok: true, value: { added, removed } };
  });
  if (result.ok && (result.value.added.length || result.value.removed.length)) await refreshPublicPages();
  return result;
}

export interface ChildrenChange {
  added: number[];
  removed: number[];
  /** Children taken from another parent: id and that parent's id. */
  moved: { id: number; from: number }[];
}

/**
 * Sets which subcategories are children of a parent subcategory (`subcategories.parent_id`):
 * the wanted set is compared with the current one; added ones (taken from another parent if
 * they had one) point at this parent, removed ones become top-level. Only subcategories that are
 * not parents themselves can be children; other or unknown ids are ignored (a stale form).
 * One transaction with the audit entry; then every instance drops its pages and menus.
 */
export async function setSubcategoryChildren(
  db: Database,
  actor: Actor,
  parentId: number,
  childIds: readonly number[],
): Promise<WriteResult<ChildrenChange>> {
  const result = await db.transaction(async (tx): Promise<WriteResult<ChildrenChange>> => {
    const parent = await lockOne(tx, "subcategory", parentId);
    if (!parent) return { ok: false, reason: "missing" };
    const wanted = await selectRows(
      tx,
      z.object({ id: col.int, parent_id: col.int.nullable() }),
      sql`select id, parent_id from subcategories
           where id = any(${intArray(childIds)}) and not is_parent and id <> ${parentId} order by id for update`,
    );
    const current = (
      await selectRows(tx, IdRow, sql`select id from subcategories where parent_id = ${parentId} order by id for update`)
    ).map((row) => row.id);
    const wantedIds = new Set(wanted.map((row) => row.id));
    const added = wanted.filter((row) => row.parent_id !== parentId).map((row) => row.id);
    const moved = wanted.filter((row) => row.parent_id !== null && row.parent_id !== parentId).map((row) => ({ id: row.id, from: row.parent_id! }));
    const removed = current.filter((id) => !wantedIds.has(id));
    if (!added.length && !removed.length) return { ok: true, value: { added, removed, moved } };
    if (removed.length) {
      await tx.execute(sql`update subcategories set parent_id = null, updated_at = now() where id = any(${intArray(removed)})`);
    }
    if (added.length) {
      await tx.execute(sql`update subcategories set parent_id = ${parentId}, updated_at = now() where id = any(${intArray(added)})`);
    }
    await recordAudit(tx, actor, {
      action: "subcategory.children",
      entityType: "subcategory",
      entityId: parentId,
      summary: parent.name,
      changes: { added, removed, ...(moved.length ? { moved } : {}) },
    });
    return { ok: true, value: { added, removed, moved } };
  });
  if (result.ok && (result.value.added.length || result.value.removed.length)) await refreshPublicPages();
  return result;
}

/**
 * Adds a new (published) subcategory as a child of a parent: the same name and slug rules as
 * any subcategory ('This subcategory already exists' in any case), one transaction with the audit.
 */
export async function createChildSubcategory(db: Database, actor: Actor, parentId: number, name: string): Promise<WriteResult<TaxonRow>> {
  return namedWrite(db, "subcategory", async (tx): Promise<WriteResult<TaxonRow>> => {
    const parent = await lockOne(tx, "subcategory", parentId);
    if (!parent) return { ok: false, reason: "missing" };
    if (await nameTaken(tx, "subcategory", name, null)) return { ok: false, reason: "exists" };
    const slug = await uniqueSlug(tx, "subcategory", name, null);
    const row = await selectRow(
      tx,
      TaxonRowSchema,
      sql`insert into subcategories (name, slug, status, is_parent, parent_id) values (${name}, ${slug}, 'published', false, ${parentId})
          returning id, name, slug, status, 0 as product_count`,
    );
    if (!row) throw new Error("insert returned no row");
    await releaseOldSlug(tx, "subcategory", slug);
    await recordAudit(tx, actor, {
      action: "subcategory.create",
      entityType: "subcategory",
      entityId: row.id,
      summary: `${row.name} (child of ${parent.name})`,
      changes: diffFields(null, { name: row.name, slug: row.slug, status: row.status, parent_id: parentId }),
    });
    return { ok: true, value: row };
  });
}
