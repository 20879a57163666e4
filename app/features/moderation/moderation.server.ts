/**
 * The moderation queue's reads and decisions (decision 040). Pending revisions of live products
 * (decision 033) and pending claims (decision 032), oldest first. Each decision is one
 * transaction with its audit entry; the page cache is dropped and the maker told by e-mail only
 * after it commits.
 */
import { sql } from "drizzle-orm";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { queryRows, type Database } from "~/db/client.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { provenEmailSql } from "~/domain/auth/dev-sign-in.server";
import { writeFields } from "~/domain/products/edits.server";
import { addVerifiedMaker } from "~/domain/products/relations.server";
import { ProductInputError, updateProduct } from "~/domain/products/save.server";
import { PRICINGS } from "~/lib/constants";
import {
  compareDomains,
  isMakerEditable,
  MAKER_EDITABLE_FIELDS,
  QUEUE_PAGE_SIZE,
  type ClaimItem,
  type DiffRow,
  type MakerEditableField,
  type QueuePage,
  type RevisionItem,
} from "./moderation";
import { notifyMaker, type DecisionMail } from "./moderation-mail.server";

type Executor = Pick<Database, "execute">;

const EDITABLE = Object.keys(MAKER_EDITABLE_FIELDS) as MakerEditableField[];

/** The editable columns of a product as one JSON object (the live side of the diff). */
const LIVE_VALUES = sql.raw(
  `jsonb_build_object(${EDITABLE.map((f) => `'${f}', p.${f}`).join(", ")}, ` +
    `'niche_ids', array(select n.niche_id from product_niches n where n.product_id = p.id order by n.niche_id), ` +
    `'subcategory_ids', array(select s.subcategory_id from product_subcategories s where s.product_id = p.id order by s.subcategory_id))`,
);

/** The relations a maker's revision may change (the wizard's Categories step): niche and subcategory ids. */
const RELATIONS = { niche_ids: "Niches", subcategory_ids: "Subcategories" } as const;
type RelationField = keyof typeof RELATIONS;
const RELATION_FIELDS = Object.keys(RELATIONS) as RelationField[];

/** Positive integer ids, or null when the value is not a list of them. */
function idList(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > 100) return null;
  return value.every((id) => Number.isSafeInteger(id) && id > 0) ? (value as number[]) : null;
}

/** Names of the niches and subcategories a page of revisions mentions, to show names instead of ids. */
async function relationNames(db: Executor, ids: { niche: Set<number>; subcategory: Set<number> }) {
  const names = { niche_ids: new Map<number, string>(), subcategory_ids: new Map<number, string>() };
  if (ids.niche.size) {
    const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from niches where id in ${sql.raw(`(${[...ids.niche].join(",")})`)}`);
    for (const row of rows) names.niche_ids.set(Number(row.id), row.name);
  }
  if (ids.subcategory.size) {
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from subcategories where id in ${sql.raw(`(${[...ids.subcategory].join(",")})`)}`,
    );
    for (const row of rows) names.subcategory_ids.set(Number(row.id), row.name);
  }
  return names;
}

type RelationNames = Awaited<ReturnType<typeof relationNames>>;

function pageOf<T>(items: T[], page: number, total: number): QueuePage<T> {
  return { items, page, total, pageCount: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)) };
}

export async function pendingCounts(db: Executor): Promise<{ revisions: number; claims: number }> {
  const [row] = await queryRows<{ revisions: number; claims: number }>(
    db,
    sql`select (select count(*)::int from product_revisions where status = 'pending') as revisions,
               (select count(*)::int from product_claims where status = 'pending') as claims`,
  );
  return { revisions: Number(row?.revisions ?? 0), claims: Number(row?.claims ?? 0) };
}

function diffRows(live: Record<string, unknown>, changes: Record<string, unknown>, names: RelationNames): DiffRow[] {
  const editable = EDITABLE.filter((field) => Object.hasOwn(changes, field)).map((field) => ({
    field,
    label: MAKER_EDITABLE_FIELDS[field],
    current: live[field] ?? null,
    proposed: changes[field] ?? null,
    applies: true,
  }));
  const named = (field: RelationField, value: unknown) => (idList(value) ?? []).map((id) => names[field].get(id) ?? `#${id}`).sort();
  const relations = RELATION_FIELDS.filter((field) => Object.hasOwn(changes, field)).map((field) => ({
    field,
    label: RELATIONS[field],
    current: named(field, live[field]),
    proposed: named(field, changes[field]),
    applies: idList(changes[field]) !== null,
  }));
  const other = Object.keys(changes)
    .filter((field) => !isMakerEditable(field) && !(RELATION_FIELDS as string[]).includes(field))
    .sort()
    .map((field) => ({ field, label: field, current: null, proposed: changes[field] ?? null, applies: false }));
  return [...editable, ...relations, ...other];
}

/** Pending revisions, oldest first, one page. */
export async function listPendingRevisions(db: Executor, page: number): Promise<QueuePage<RevisionItem>> {
  const { revisions: total } = await pendingCounts(db);
  const rows = await queryRows<{
    id: number;
    product_id: number;
    changes: Record<string, unknown> | null;
    version: string;
    created_at: string;
    product_name: string;
    slug: string;
    product_status: string;
    live: Record<string, unknown>;
    user_id: string | null;
    email: string | null;
    username: string | null;
  }>(
    db,
    sql`select r.id, r.product_id, r.changes, r.created_at::text as version, r.created_at::text,
               p.product_name, p.slug, p.status as product_status, ${LIVE_VALUES} as live,
               r.user_id, u.email, pr.username
          from product_revisions r
          join products p on p.id = r.product_id
          left join "user" u on u.id = r.user_id
          left join profiles pr on pr.id = r.user_id
         where r.status = 'pending'
         order by r.created_at, r.id
         limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}`,
  );
  const ids = { niche: new Set<number>(), subcategory: new Set<number>() };
  for (const row of rows) {
    for (const source of [row.live, row.changes ?? {}]) {
      for (const id of idList(source.niche_ids) ?? []) ids.niche.add(id);
      for (const id of idList(source.subcategory_ids) ?? []) ids.subcategory.add(id);
    }
  }
  const names = await relationNames(db, ids);
  const items = rows.map((row) => ({
    id: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    slug: row.slug,
    productStatus: row.product_status,
    maker: { id: row.user_id, username: row.username, email: row.email },
    createdAt: row.created_at,
    version: row.version,
    diff: diffRows(row.live, row.changes && typeof row.changes === "object" && !Array.isArray(row.changes) ? row.changes : {}, names),
  }));
  return pageOf(items, page, total);
}

/** Pending claims, oldest first, one page. */
export async function listPendingClaims(db: Executor, page: number): Promise<QueuePage<ClaimItem>> {
  const { claims: total } = await pendingCounts(db);
  const rows = await queryRows<{
    id: number;
    product_id: number;
    created_at: string;
    product_name: string;
    slug: string;
    product_status: string;
    website_domain: string | null;
    user_id: string;
    email: string | null;
    email_verified: boolean | null;
    username: string | null;
  }>(
    db,
    sql`select c.id, c.product_id, c.created_at::text, p.product_name, p.slug, p.status as product_status, p.website_domain,
               c.user_id, u.email, ${provenEmailSql(sql`c.user_id`)} as email_verified, pr.username
          from product_claims c
          join products p on p.id = c.product_id
          left join "user" u on u.id = c.user_id
          left join profiles pr on pr.id = c.user_id
         where c.status = 'pending'
         order by c.created_at, c.id
         limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}`,
  );
  const items = rows.map((row) => {
    const emailDomain = row.email?.includes("@") ? row.email.slice(row.email.lastIndexOf("@") + 1).toLowerCase() : null;
    return {
      id: Number(row.id),
      productId: Number(row.product_id),
      productName: row.product_name,
      slug: row.slug,
      productStatus: row.product_status,
      websiteDomain: row.website_domain,
      claimer: { id: row.user_id, username: row.username, email: row.email, emailVerified: row.email_verified === true },
      emailDomain,
      match: compareDomains(emailDomain, row.website_domain),
      createdAt: row.created_at,
    };
  });
  return pageOf(items, page, total);
}

/* ------------------------------------------------------------------ decisions */

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

interface LockedRevision {
  id: number;
  product_id: number;
  status: string;
  version: string;
  changes: Record<string, unknown> | null;
  user_id: string | null;
  email: string | null;
  username: string | null;
}

interface LockedProduct extends Record<MakerEditableField, unknown> {
  id: number;
  slug: string;
  status: string;
  type: string;
}

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
    const [target] = await queryRows<{ product_id: number }>(tx, sql`select product_id from product_revisions where id = ${decision.id}`);
    if (!target) return { kind: "not-found" };
    const [product] = await queryRows<LockedProduct>(
      tx,
      sql`select id, slug, status, type, ${sql.raw(EDITABLE.join(", "))} from products where id = ${target.product_id} for update`,
    );
    const [revision] = await queryRows<LockedRevision>(
      tx,
      sql`select r.id, r.product_id, r.status, r.created_at::text as version, r.changes, r.user_id, u.email, pr.username
            from product_revisions r
            left join "user" u on u.id = r.user_id
            left join profiles pr on pr.id = r.user_id
           where r.id = ${decision.id}
             for update of r`,
    );
    if (!product || !revision || Number(revision.product_id) !== Number(product.id)) return { kind: "not-found" };
    if (revision.status !== "pending") return { kind: "already", status: revision.status };
    if (decision.version && decision.version !== revision.version) return { kind: "stale" };

    const reason = decision.reason?.trim() || null;
    const label = `revision #${revision.id} of “${product.product_name as string}” (product #${product.id})`;
    if (decision.approve) {
      const changes = revision.changes && typeof revision.changes === "object" && !Array.isArray(revision.changes) ? revision.changes : {};
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
          const saved = await tx.transaction((sp) => updateProduct(sp, Number(product.id), { categories }));
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
      await writeFields(tx, Number(product.id), Object.fromEntries(fields.map((field) => [field, changes[field]])));
      await tx.execute(
        sql`update product_revisions set status = 'approved', decided_at = now(), decided_by = ${admin.id} where id = ${revision.id}`,
      );
      await recordAudit(tx, admin, {
        action: "revision.approve",
        entityType: "revision",
        entityId: revision.id,
        summary: `Approved ${label}`,
        changes: diffFields(before, after),
      });
      publicSlug = product.slug;
    } else {
      await tx.execute(
        sql`update product_revisions set status = 'rejected', reason = ${reason}, decided_at = now(), decided_by = ${admin.id} where id = ${revision.id}`,
      );
      await recordAudit(tx, admin, {
        action: "revision.reject",
        entityType: "revision",
        entityId: revision.id,
        summary: `Rejected ${label}`,
        changes: diffFields({ status: "pending", reason: null }, { status: "rejected", reason }),
      });
    }
    mail = {
      kind: "revision",
      decision: decision.approve ? "approved" : "rejected",
      to: revision.email,
      username: revision.username,
      productId: Number(product.id),
      productName: decision.approve && typeof revision.changes?.product_name === "string" ? revision.changes.product_name : (product.product_name as string),
      slug: product.slug,
      reason,
    };
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
    const [claim] = await queryRows<{
      id: number;
      status: string;
      verified_by: string | null;
      user_id: string;
      product_id: number;
      product_name: string;
      slug: string;
      email: string | null;
      username: string | null;
      maker_status: string | null;
    }>(
      tx,
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
      await addVerifiedMaker(tx, Number(claim.product_id), claim.user_id);
      await recordAudit(tx, admin, {
        action: "claim.approve",
        entityType: "claim",
        entityId: claim.id,
        summary: `Approved ${label}`,
        changes: diffFields(
          { status: claim.status, verified_by: claim.verified_by, maker: claim.maker_status },
          { status: "verified", verified_by: "admin", maker: "verified" },
        ),
      });
      publicSlug = claim.slug;
    } else {
      await tx.execute(
        sql`update product_claims set status = 'rejected', decided_at = now(), decided_by = ${admin.id} where id = ${claim.id}`,
      );
      await recordAudit(tx, admin, {
        action: "claim.reject",
        entityType: "claim",
        entityId: claim.id,
        summary: `Rejected ${label}`,
        changes: diffFields({ status: claim.status, reason: null }, { status: "rejected", reason }),
      });
    }
    mail = {
      kind: "claim",
      decision: decision.approve ? "approved" : "rejected",
      to: claim.email,
      username: claim.username,
      productId: Number(claim.product_id),
      productName: claim.product_name,
      slug: claim.slug,
      reason,
    };
    return { kind: "done" };
  });
  // The product page's Creator now names the maker.
  if (result.kind === "done") await afterCommit(publicSlug ? [productTag(publicSlug)] : [], mail);
  return result;
}

/** After the commit: drop the cached public pages, then tell the maker (neither can undo the decision). */
async function afterCommit(tags: Parameters<typeof invalidate>[0], mail: DecisionMail | null) {
  await invalidate(tags);
  if (mail) notifyMaker(mail);
}
