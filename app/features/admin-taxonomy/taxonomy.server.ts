/**
 * Manage Niches and Manage Parent Subcategories (decision 045): reads and writes of the taxonomy.
 * Every write is one transaction with its audit entry inside; renames keep the old slug in
 * `taxonomy_slug_redirects` so old URLs answer 301; afterwards every instance drops its cached
 * pages and memoised taxonomy (`invalidate(["all"])`), so a drafted niche leaves menus, pages,
 * sitemaps, feeds and the API at once.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { invalidate } from "~/db/cache-bus.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, diffFields, type Actor } from "~/domain/audit/audit.server";
import { clearCategories, unlinkNiches, unlinkSubcategories } from "~/domain/products/relations.server";
import { slugify } from "~/lib/slug";
import type { ChildOption, NicheRow, Option, ParentSubcategoryRow, PublishStatus, TaxonRow } from "./taxonomy";

export type { ChildOption, NicheRow, Option, ParentSubcategoryRow, TaxonRow };

export type TaxonKind = "niche" | "subcategory";
type Tx = Pick<Database, "execute">;

export type WriteResult<T = undefined> = { ok: true; value: T } | { ok: false; reason: "exists" | "missing" };

const TABLE: Record<TaxonKind, SQL> = { niche: sql.raw("niches"), subcategory: sql.raw("subcategories") };
/** The rows each page manages: every niche; parent subcategories only. */
const SCOPE: Record<TaxonKind, SQL> = { niche: sql`true`, subcategory: sql`is_parent` };

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/* -------------------------------------------------------------------- Reads */

/** Product counts come from taxonomy_product_counts, kept by triggers on the link tables. */
export function listNiches(db: Database): Promise<NicheRow[]> {
  return queryRows<NicheRow>(
    db,
    sql`select n.id, n.name, n.slug, n.status,
               coalesce((select c.n from taxonomy_product_counts c where c.kind = 'niche' and c.ref_id = n.id), 0) as product_count,
               coalesce((select array_agg(ns.subcategory_id order by ns.subcategory_id) from niche_subcategories ns where ns.niche_id = n.id), '{}') as subcategory_ids
          from niches n
         order by (n.name = 'All Resources') desc, lower(n.name), n.id`,
  );
}

export function listParentSubcategories(db: Database): Promise<ParentSubcategoryRow[]> {
  return queryRows<ParentSubcategoryRow>(
    db,
    sql`select s.id, s.name, s.slug, s.status,
               coalesce((select c.n from taxonomy_product_counts c where c.kind = 'subcategory' and c.ref_id = s.id), 0) as product_count,
               (select count(*)::int from subcategories c where c.parent_id = s.id) as child_count,
               coalesce((select array_agg(c.id order by c.id) from subcategories c where c.parent_id = s.id), '{}') as child_ids
          from subcategories s
         where s.is_parent
         order by lower(s.name), s.id`,
  );
}

/** Every subcategory, for the niche's subcategory checklist. */
export function subcategoryOptions(db: Database): Promise<Option[]> {
  return queryRows<Option>(db, sql`select id, name from subcategories order by lower(name), id`);
}

/**
 * The subcategories that can be children of a parent: every subcategory that is not itself a
 * parent (one level: a parent's page shows its own products and its children's), with the parent
 * each one has now, if any.
 */
export function childOptions(db: Database): Promise<ChildOption[]> {
  return queryRows<ChildOption>(
    db,
    sql`select c.id, c.name, c.parent_id, p.name as parent_name
          from subcategories c left join subcategories p on p.id = c.parent_id
         where not c.is_parent
         order by lower(c.name), c.id`,
  );
}

/* ----------------------------------------------------------------- Helpers */

/** The spec's slug (lowercase, whitespace to hyphens), URL-safe, made unique with -2, -3... */
async function uniqueSlug(tx: Tx, kind: TaxonKind, name: string, exceptId: number | null): Promise<string> {
  const base = slugify(name) || kind;
  const taken = await queryRows<{ slug: string }>(
    tx,
    sql`select slug from ${TABLE[kind]}
         where (slug = ${base} or (slug like ${`${base}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$'))
           and id is distinct from ${exceptId}`,
  );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function nameTaken(tx: Tx, kind: TaxonKind, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${TABLE[kind]} where lower(name) = lower(${name}) and id is distinct from ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

/** A live slug is never also an old one: the row that owns it now wins. */
async function releaseOldSlug(tx: Tx, kind: TaxonKind, slug: string) {
  await tx.execute(sql`delete from taxonomy_slug_redirects where kind = ${kind} and old_slug = ${slug}`);
}

async function lockOne(tx: Tx, kind: TaxonKind, id: number): Promise<TaxonRow | undefined> {
  const [row] = await queryRows<TaxonRow>(
    tx,
    sql`select id, name, slug, status, 0 as product_count from ${TABLE[kind]} where id = ${id} and ${SCOPE[kind]} for update`,
  );
  return row;
}

const entity = (kind: TaxonKind) => (kind === "niche" ? "niche" : "subcategory");

/** Drops every instance's cached pages and memoised taxonomy. Never throws. */
async function refreshPublicPages() {
  await invalidate(["all"]);
}

/* ------------------------------------------------------------------ Writes */

/** Adds a published niche, or a published top-level parent subcategory. */
export async function createTaxon(db: Database, actor: Actor, kind: TaxonKind, name: string): Promise<WriteResult<TaxonRow>> {
  let result: WriteResult<TaxonRow>;
  try {
    result = await db.transaction(async (tx) => {
      // One add at a time per kind: the name check and the slug choice cannot race.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`toolnest:taxonomy:${kind}`}))`);
      if (await nameTaken(tx, kind, name, null)) return { ok: false, reason: "exists" } as const;
      const slug = await uniqueSlug(tx, kind, name, null);
      const [row] =
        kind === "niche"
          ? await queryRows<TaxonRow>(
              tx,
              sql`insert into niches (name, slug, status) values (${name}, ${slug}, 'published')
                  returning id, name, slug, status, 0 as product_count`,
            )
          : await queryRows<TaxonRow>(
              tx,
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
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
  if (result.ok) await refreshPublicPages();
  return result;
}

/** Renames and re-slugs; the old slug keeps answering with a permanent redirect. */
export async function renameTaxon(db: Database, actor: Actor, kind: TaxonKind, id: number, name: string): Promise<WriteResult<TaxonRow>> {
  let result: WriteResult<TaxonRow>;
  try {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`toolnest:taxonomy:${kind}`}))`);
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
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
  if (result.ok) await refreshPublicPages();
  return result;
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
    const found = await queryRows<Option>(
      tx,
      sql`select id, name from ${TABLE[kind]} where id = any(${intArray(ids)}) and ${SCOPE[kind]} order by id for update`,
    );
    const known = new Set(found.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (!found.length) return { deleted: [], missing };
    const gone = intArray(found.map((row) => row.id));
    if (kind === "niche") {
      await unlinkNiches(tx, gone);
      await tx.execute(sql`delete from niche_subcategories where niche_id = any(${gone})`);
      await clearCategories(tx, gone);
      await tx.execute(sql`update profiles set primary_niche_id = null where primary_niche_id = any(${gone})`);
      await tx.execute(
        sql`update profiles set loved_niche_ids = array(select x from unnest(loved_niche_ids) as x where x <> all(${gone}))
             where loved_niche_ids && ${gone}`,
      );
      await tx.execute(sql`delete from niches where id = any(${gone})`);
    } else {
      await unlinkSubcategories(tx, gone);
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
      await queryRows<{ id: number }>(tx, sql`select id from subcategories where id = any(${intArray(subcategoryIds)}) for share`)
    ).map((row) => row.id);
    const current = (
      await queryRows<{ id: number }>(tx, sql`select subcategory_id as id from niche_subcategories where niche_id = ${nicheId}`)
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
    const wanted = await queryRows<{ id: number; parent_id: number | null }>(
      tx,
      sql`select id, parent_id from subcategories
           where id = any(${intArray(childIds)}) and not is_parent and id <> ${parentId} order by id for update`,
    );
    const current = (
      await queryRows<{ id: number }>(tx, sql`select id from subcategories where parent_id = ${parentId} order by id for update`)
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
  let result: WriteResult<TaxonRow>;
  try {
    result = await db.transaction(async (tx): Promise<WriteResult<TaxonRow>> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"toolnest:taxonomy:subcategory"}))`);
      const parent = await lockOne(tx, "subcategory", parentId);
      if (!parent) return { ok: false, reason: "missing" };
      if (await nameTaken(tx, "subcategory", name, null)) return { ok: false, reason: "exists" };
      const slug = await uniqueSlug(tx, "subcategory", name, null);
      const [row] = await queryRows<TaxonRow>(
        tx,
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
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
  if (result.ok) await refreshPublicPages();
  return result;
}
