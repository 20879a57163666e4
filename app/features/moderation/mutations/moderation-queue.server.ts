/**
 * The moderation queue's decisions (decision 040): approve or reject a pending revision or claim.
 * Each decision is one transaction with its audit entry; the product's fields and makers are
 * written by the one writer of products (decision 075); the page cache is dropped and the maker
 * told by e-mail only after it commits.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { writeFields } from "~/domain/products/edits.server";
import { addVerifiedMaker } from "~/domain/products/relations.server";
import { ProductInputError, updateProduct } from "~/domain/products/save.server";
import { PRICINGS } from "~/lib/constants";
import { EDITABLE, idList, RELATION_FIELDS, type MakerEditableField } from "../moderation";
import { notifyMaker, type DecisionMail } from "../moderation-mail.server";
import { changesOf } from "../queries/moderation-queue.server";

export type DecisionResult =
  | { kind: "done" }
  | { kind: "not-found" }
  | { kind: "already"; status: string }
  | { kind: "stale" }
  | { kind: "invalid"; fields: string[] };

export interface RevisionDecision {
  id: number;
  approve: boolean;
  /** The revision's version the admin saw; a later edit by the maker makes the decision stale. */
  version?: string | null;
  reason?: string | null;
}

export interface ClaimDecision {
  id: number;
  approve: boolean;
  reason?: string | null;
}

// Control characters other than tab and line breaks; a NUL cannot be stored at all.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether a proposed value may be written to the column (the maker's forms checked it; this is the last guard). */
function validValue(field: MakerEditableField, value: unknown): boolean {
  switch (field) {
    case "product_name":
      return typeof value === "string" && value.trim().length > 0 && value.length <= 200 && !CONTROL.test(value);
    case "pricing":
      return typeof value === "string" && (PRICINGS as readonly string[]).includes(value);
    case "has_coupon":
      return typeof value === "boolean";
    case "coupon_expiry_date":
      return value === null || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}([T ][\d:.+Z-]*)?$/.test(value) && !Number.isNaN(Date.parse(value)));
    case "tags":
      return Array.isArray(value) && value.length <= 10 && value.every((tag) => typeof tag === "string" && tag.length <= 100 && !CONTROL.test(tag));
    default:
      return value === null || (typeof value === "string" && value.length <= 20_000 && !value.includes("\u0000"));
  }
}

const LockedRevision = z.object({
  id: col.int,
  product_id: col.int,
  status: col.text,
  version: col.text,
  changes: col.json,
  user_id: col.text.nullable(),
  email: col.text.nullable(),
  username: col.text.nullable(),
});

/** The product with its maker-editable columns, as stored (each checked when written: `validValue`). */
const LockedProduct = z.looseObject({ id: col.int, slug: col.text, status: col.text, type: col.text, product_name: col.text });

/**
 * Approves (applies the editable fields of `changes` to the product) or rejects (the live version
 * stays) a pending revision, with its audit entry, in one transaction. The product is locked
 * before the revision, in the order a maker's edit takes them (my-products.server.ts), so the two
 * never deadlock; a decided revision is refused, so nothing is applied twice.
 */
export async function decideRevision(db: Database, admin: Actor, decision: RevisionDecision): Promise<DecisionResult> {
  let mail: DecisionMail | null = null;
  let publicSlug: string | null = null;
  const result = await db.transaction(async (tx): Promise<DecisionResult> => {
    const target = await selectRow(tx, z.object({ product_id: col.int }), sql`select product_id from product_revisions where id = ${decision.id}`);
    if (!target) return { kind: "not-found" };
    const product = await selectRow(
      tx,
      LockedProduct,
      sql`select id, slug, status, type, ${sql.raw(EDITABLE.join(", "))} from products where id = ${target.product_id} for update`,
    );
    const revision = await selectRow(
      tx,
      LockedRevision,
      sql`select r.id, r.product_id, r.status, r.created_at::text as version, r.changes, r.user_id, u.email, pr.username
            from product_revisions r
            left join "user" u on u.id = r.user_id
            left join profiles pr on pr.id = r.user_id
           where r.id = ${decision.id}
             for update of r`,
    );
    if (!product || !revision || revision.product_id !== product.id) return { kind: "not-found" };
    if (revision.status !== "pending") return { kind: "already", status: revision.status };
    if (decision.version && decision.version !== revision.version) return { kind: "stale" };

    const reason = decision.reason?.trim() || null;
    const proposed = changesOf(revision.changes);
    const label = `revision #${revision.id} of “${product.product_name}” (product #${product.id})`;
    if (decision.approve) {
      const changes = proposed;
      const fields = EDITABLE.filter((field) => Object.hasOwn(changes, field));
      const invalid = fields.filter((field) => !validValue(field, changes[field]));
      if (invalid.length) return { kind: "invalid", fields: invalid };
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const field of fields) {
        before[field] = product[field];
        after[field] = changes[field];
      }
      // The wizard's Categories step: the niches and subcategories, written as the admin form writes them.
      const nicheIds = Object.hasOwn(changes, "niche_ids") ? idList(changes.niche_ids) : undefined;
      if (nicheIds === null || (nicheIds !== undefined && Object.hasOwn(changes, "subcategory_ids") && idList(changes.subcategory_ids) === null)) {
        return { kind: "invalid", fields: ["niche_ids"] };
      }
      if (nicheIds !== undefined) {
        const categories = { selectedCategories: nicheIds, selectedSubcategories: idList(changes.subcategory_ids) ?? [] };
        try {
          const saved = await tx.transaction((sp) => updateProduct(sp, product.id, { categories }));
          if (saved) {
            for (const field of RELATION_FIELDS) {
              before[field] = saved.before?.[field] ?? null;
              after[field] = saved.after[field];
            }
          }
        } catch (error) {
          if (error instanceof ProductInputError) return { kind: "invalid", fields: ["niche_ids"] };
          throw error;
        }
      }
      await writeFields(tx, product.id, Object.fromEntries(fields.map((field) => [field, changes[field]])));
      await tx.execute(
        sql`update product_revisions set status = 'approved', decided_at = now(), decided_by = ${admin.id} where id = ${revision.id}`,
      );
      await auditDecision(tx, admin, "revision", revision.id, true, label, diffFields(before, after));
      publicSlug = product.slug;
    } else {
      await tx.execute(
        sql`update product_revisions set status = 'rejected', reason = ${reason}, decided_at = now(), decided_by = ${admin.id} where id = ${revision.id}`,
      );
      await auditDecision(tx, admin, "revision", revision.id, false, label, diffFields({ status: "pending", reason: null }, { status: "rejected", reason }));
    }
    const productName = decision.approve && typeof proposed.product_name === "string" ? proposed.product_name : product.product_name;
    mail = decisionMail("revision", decision.approve, revision, { id: product.id, name: productName, slug: product.slug }, reason);
    return { kind: "done" };
  });
  if (result.kind === "done") await afterCommit(publicSlug ? ["lists", productTag(publicSlug)] : [], mail);
  return result;
}

/**
 * Approves (the claim verified by an admin, the user a verified maker) or rejects a pending claim,
 * with its audit entry, in one transaction.
 */
export async function decideClaim(db: Database, admin: Actor, decision: ClaimDecision): Promise<DecisionResult> {
  let mail: DecisionMail | null = null;
  let publicSlug: string | null = null;
  const result = await db.transaction(async (tx): Promise<DecisionResult> => {
    const claim = await selectRow(
      tx,
      z.object({
        id: col.int,
        status: col.text,
        verified_by: col.text.nullable(),
        user_id: col.text,
        product_id: col.int,
        product_name: col.text,
        slug: col.text,
        email: col.text.nullable(),
        username: col.text.nullable(),
        maker_status: col.text.nullable(),
      }),
      sql`select c.id, c.status, c.verified_by, c.user_id, c.product_id, p.product_name, p.slug, u.email, pr.username,
                 (select m.status from product_makers m where m.product_id = c.product_id and m.profile_id = c.user_id) as maker_status
            from product_claims c
            join products p on p.id = c.product_id
            left join "user" u on u.id = c.user_id
            left join profiles pr on pr.id = c.user_id
           where c.id = ${decision.id}
             for update of c`,
    );
    if (!claim) return { kind: "not-found" };
    if (claim.status !== "pending") return { kind: "already", status: claim.status };

    const reason = decision.reason?.trim() || null;
    const who = claim.username ?? claim.email ?? claim.user_id;
    const label = `claim #${claim.id} by ${who} on “${claim.product_name}” (product #${claim.product_id})`;
    if (decision.approve) {
      await tx.execute(
        sql`update product_claims set status = 'verified', verified_by = 'admin', decided_at = now(), decided_by = ${admin.id} where id = ${claim.id}`,
      );
      await addVerifiedMaker(tx, claim.product_id, claim.user_id);
      const changes = diffFields(
        { status: claim.status, verified_by: claim.verified_by, maker: claim.maker_status },
        { status: "verified", verified_by: "admin", maker: "verified" },
      );
      await auditDecision(tx, admin, "claim", claim.id, true, label, changes);
      publicSlug = claim.slug;
    } else {
      await tx.execute(
        sql`update product_claims set status = 'rejected', decided_at = now(), decided_by = ${admin.id} where id = ${claim.id}`,
      );
      await auditDecision(tx, admin, "claim", claim.id, false, label, diffFields({ status: claim.status, reason: null }, { status: "rejected", reason }));
    }
    mail = decisionMail("claim", decision.approve, claim, { id: claim.product_id, name: claim.product_name, slug: claim.slug }, reason);
    return { kind: "done" };
  });
  // The product page's Creator now names the maker.
  if (result.kind === "done") await afterCommit(publicSlug ? [productTag(publicSlug)] : [], mail);
  return result;
}

/** A decision's audit entry: `revision.approve`, "Approved revision #12 of …", and its changes. */
function auditDecision(tx: Parameters<typeof recordAudit>[0], admin: Actor, kind: "revision" | "claim", id: number, approve: boolean, label: string, changes: ReturnType<typeof diffFields>) {
  return recordAudit(tx, admin, {
    action: `${kind}.${approve ? "approve" : "reject"}`,
    entityType: kind,
    entityId: id,
    summary: `${approve ? "Approved" : "Rejected"} ${label}`,
    changes,
  });
}

/** The maker's e-mail about a decision: to the account's address, about the product as decided. */
function decisionMail(
  kind: DecisionMail["kind"],
  approve: boolean,
  maker: { email: string | null; username: string | null },
  product: { id: number; name: string; slug: string },
  reason: string | null,
): DecisionMail {
  const decision = approve ? "approved" : "rejected";
  return { kind, decision, to: maker.email, username: maker.username, productId: product.id, productName: product.name, slug: product.slug, reason };
}

/** After the commit: drop the cached public pages, then tell the maker (neither can undo the decision). */
async function afterCommit(tags: Parameters<typeof invalidate>[0], mail: DecisionMail | null) {
  await invalidate(tags);
  if (mail) notifyMaker(mail);
}
