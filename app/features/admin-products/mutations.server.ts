/**
 * Bulk writes on products (decision 037): publish, draft, delete, remap and Clear Cache. Each is
 * one transaction for all the chosen rows, with its audit entry inside it; the public pages of the
 * changed products and every list are dropped from the page cache on every instance afterwards.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { invalidate, productTag, type CacheTag } from "~/db/cache-bus.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { productsSummary } from "~/domain/audit/audit-names";
import { recordAudit, type Actor, type AuditEntry } from "~/domain/audit/audit.server";
import { notifySubmitters, submitterMails, type SubmitterMail } from "~/domain/maker-mail.server";
import { deleteProducts } from "~/domain/products/edits.server";
import { moveProducts } from "~/domain/products/move.server";
import { remapProducts } from "~/domain/products/relations.server";
import type { BulkIntent } from "./admin-products";

export interface BulkResult {
  /** Rows the action changed. */
  changed: number;
  /** Chosen ids that name no product here (unknown, a suggestion, or hidden by moderation). */
  missing: number[];
}

const Target = z.object({ id: col.int, slug: col.text, status: col.text, product_name: col.text });
type Target = z.output<typeof Target>;

/** The products an audit entry names and links (issue 36, item 14). */
const named = (targets: readonly { id: number; product_name: string }[]) => targets.map((row) => ({ id: row.id, name: row.product_name }));

/** A bulk action's audit entry: the products by id and name, each one's status before, and what follows. */
function bulkAudit<R extends { id: number; product_name: string }>(action: string, rows: readonly R[], before: (row: R) => string, more: Record<string, unknown>): AuditEntry {
  return {
    action,
    entityType: "product",
    summary: productsSummary(named(rows)),
    changes: { ids: rows.map((row) => row.id), products: named(rows), before: Object.fromEntries(rows.map((row) => [row.id, before(row)])), ...more },
  };
}

/** Locks the chosen products (in id order, so two bulk actions cannot deadlock). */
async function lockTargets(tx: Pick<Database, "execute">, ids: readonly number[]): Promise<Target[]> {
  return selectRows(
    tx,
    Target,
    sql`select id, slug, status, product_name from products
         where id = any(${intArray(ids)}) and type = 'product' and status <> 'deleted'
         order by id for update`,
  );
}

function missingIds(ids: readonly number[], found: readonly Target[]): number[] {
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * NOTIFY payloads are limited to 8,000 bytes: the product tags go out in several messages.
 * "lists" goes with the first.
 */
export async function invalidateProducts(slugs: readonly string[]): Promise<void> {
  let batch: CacheTag[] = ["lists"];
  let size = 10;
  for (const slug of slugs) {
    const tag = productTag(slug);
    if (size + tag.length + 3 > 7000) {
      await invalidate(batch);
      batch = [];
      size = 2;
    }
    batch.push(tag);
    size += tag.length + 3;
  }
  if (batch.length) await invalidate(batch);
}

const STATUS_OF: Record<Exclude<BulkIntent, "delete">, "live" | "draft"> = { publish: "live", draft: "draft" };

/** Publish (status live) or draft: rows already in that status are left as they are. */
export async function bulkSetStatus(db: Database, actor: Actor, intent: Exclude<BulkIntent, "delete">, ids: readonly number[]): Promise<BulkResult> {
  const status = STATUS_OF[intent];
  let mails: SubmitterMail[] = [];
  const { changed, missing } = await db.transaction(async (tx) => {
    const targets = await lockTargets(tx, ids);
    const { moved } = await moveProducts(tx, {
      ids: targets.map((row) => row.id),
      to: status,
      actor,
      audit: (changed) => bulkAudit(`products.${intent}`, changed, (row) => row.from, { after: status }),
    });
    // Publishing tells each product's submitter (decision 043); sent after the commit.
    if (moved.length && status === "live") mails = await submitterMails(tx, moved.map((row) => row.id), "published");
    return { changed: moved, missing: missingIds(ids, targets) };
  });
  notifySubmitters(mails);
  // The moved products' tags (moveProducts' cacheTags), sent in batches that fit a NOTIFY.
  if (changed.length) await invalidateProducts(changed.map((row) => row.slug));
  return { changed: changed.length, missing };
}

/** Deletes the products; their relations go with them (foreign keys cascade). */
export async function bulkDelete(db: Database, actor: Actor, ids: readonly number[]): Promise<BulkResult> {
  const { targets, missing } = await db.transaction(async (tx) => {
    const targets = await lockTargets(tx, ids);
    if (targets.length) {
      await deleteProducts(tx, targets.map((row) => row.id));
      await recordAudit(tx, actor, bulkAudit("products.delete", targets, (row) => row.status, { slugs: targets.map((row) => row.slug) }));
    }
    return { targets, missing: missingIds(ids, targets) };
  });
  if (targets.length) await invalidateProducts(targets.map((row) => row.slug));
  return { changed: targets.length, missing };
}

export type RemapResult = { ok: true; changed: number; missing: number[]; niche: string } | { ok: false; error: "niche" | "subcategory" };

/**
 * Assigns the products to one niche and some of its subcategories: their niches and subcategories
 * are replaced (category_id = the niche), all in one transaction.
 */
export async function bulkRemap(
  db: Database,
  actor: Actor,
  ids: readonly number[],
  nicheId: number,
  subcategoryIds: readonly number[],
): Promise<RemapResult> {
  const result = await db.transaction(async (tx): Promise<RemapResult & { slugs?: string[] }> => {
    const niche = await selectRow(tx, z.object({ id: col.int, name: col.text }), sql`select id, name from niches where id = ${nicheId} for share`);
    if (!niche) return { ok: false, error: "niche" };
    const subs = await selectRows(
      tx,
      z.object({ id: col.int }),
      sql`select subcategory_id as id from niche_subcategories
           where niche_id = ${nicheId} and subcategory_id = any(${intArray(subcategoryIds)}) for share`,
    );
    if (subs.length !== new Set(subcategoryIds).size) return { ok: false, error: "subcategory" };
    const targets = await lockTargets(tx, ids);
    const targetIds = targets.map((row) => row.id);
    if (targets.length) {
      const before = await selectRows(
        tx,
        z.object({ id: col.int, niches: z.array(col.int).nullable(), subcategories: z.array(col.int).nullable() }),
        sql`select p.id,
                   (select array_agg(niche_id order by niche_id) from product_niches where product_id = p.id) as niches,
                   (select array_agg(subcategory_id order by subcategory_id) from product_subcategories where product_id = p.id) as subcategories
              from products p where p.id = any(${intArray(targetIds)}) order by p.id`,
      );
      await remapProducts(tx, targetIds, nicheId, subs.map((s) => s.id));
      await recordAudit(tx, actor, {
        action: "products.remap",
        entityType: "product",
        summary: `${productsSummary(named(targets))} to ${niche.name}`,
        changes: {
          ids: targetIds,
          products: named(targets),
          before: Object.fromEntries(before.map((row) => [row.id, { niches: row.niches ?? [], subcategories: row.subcategories ?? [] }])),
          after: { niches: [nicheId], subcategories: subs.map((s) => s.id).sort((a, b) => a - b) },
        },
      });
    }
    return { ok: true, changed: targets.length, missing: missingIds(ids, targets), niche: niche.name, slugs: targets.map((row) => row.slug) };
  });
  if (!result.ok) return result;
  const { slugs = [], ...answer } = result;
  if (slugs.length) await invalidateProducts(slugs);
  return answer;
}

/** Clear Cache: every instance drops every cached page; recorded like any admin write. */
export async function clearAllCaches(db: Database, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAudit(tx, actor, { action: "cache.clear", entityType: "cache", summary: "Page cache cleared" });
  });
  await invalidate(["all"]);
}
