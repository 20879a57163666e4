import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { queryRows } from "../../../../tests/support/raw-rows";
import { onInvalidate, type CacheTag } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { createProduct, createUser } from "../../../../tests/factories";
import { MESSAGES, nameForm, parseIds } from "../admin-taxonomy";
import {
  createTaxon,
  deleteTaxa,
  renameTaxon,
  setTaxonStatus,
} from "./taxa.server";
import { createChildSubcategory, setNicheSubcategories, setSubcategoryChildren } from "./membership.server";
import { childOptions, listNiches, listParentSubcategories } from "../queries.server";
import { parseForm } from "~/lib/forms";

const run = Date.now().toString(36);

async function admin(db: Database) {
  return { id: await createUser(db), email: `taxonomy.admin.${run}@example.com` };
}

async function audit(db: Database, action: string, entityId: number) {
  return queryRows<{ entity_type: string; summary: string; changes: Record<string, unknown> }>(
    db,
    sql`select entity_type, summary, changes from audit_log where action = ${action} and entity_id = ${String(entityId)} order by id`,
  );
}

async function redirects(db: Database, kind: string, targetId: number) {
  const rows = await queryRows<{ old_slug: string }>(
    db,
    sql`select old_slug from taxonomy_slug_redirects where kind = ${kind} and target_id = ${targetId} order by old_slug`,
  );
  return rows.map((r) => r.old_slug);
}

describe("the name form", () => {
  it("trims and collapses whitespace, and refuses empty, too long and control characters", () => {
    expect(parseForm(nameForm, { name: "  Deep   Work  " })).toEqual({ ok: true, data: { name: "Deep Work" } });
    expect(parseForm(nameForm, { name: "   " })).toEqual({ ok: false, errors: { name: MESSAGES.nameRequired } });
    expect(parseForm(nameForm, {})).toEqual({ ok: false, errors: { name: MESSAGES.nameRequired } });
    expect(parseForm(nameForm, { name: ["a", "b"] })).toMatchObject({ ok: false });
    expect(parseForm(nameForm, { name: "x".repeat(101) })).toEqual({ ok: false, errors: { name: MESSAGES.nameTooLong } });
    expect(parseForm(nameForm, { name: "bad\u0000name" })).toEqual({ ok: false, errors: { name: MESSAGES.nameInvalid } });
    expect(parseForm(nameForm, { name: "lone \uD800" })).toEqual({ ok: false, errors: { name: MESSAGES.nameInvalid } });
  });

  it("reads ids strictly", () => {
    expect(parseIds(["1", "2", "2"])).toEqual([1, 2]);
    expect(parseIds([])).toBeNull();
    expect(parseIds([], { allowEmpty: true })).toEqual([]);
    for (const bad of ["0", "-1", "1.5", "1e3", "99999999999", " 1", "\u0000"]) expect(parseIds([bad])).toBeNull();
  });
});

describe("niches", () => {
  it("adds a published niche with the spec's slug, refuses a duplicate in any case, and audits", async () => {
    const db = getDb();
    const actor = await admin(db);
    const name = `Tx ${run} Deep  Work`;
    const created = await createTaxon(db, actor, "niche", name.replace(/\s+/g, " "));
    expect(created).toMatchObject({ ok: true, value: { slug: `tx-${run}-deep-work`, status: "published" } });
    expect(await createTaxon(db, actor, "niche", `TX ${run} DEEP WORK`)).toEqual({ ok: false, reason: "exists" });
    // A different name with the same slug gets a suffix instead of a clash.
    const twin = await createTaxon(db, actor, "niche", `Tx ${run} Deep-Work!`);
    expect(twin).toMatchObject({ ok: true, value: { slug: `tx-${run}-deep-work-2` } });
    if (!created.ok) throw new Error("not created");
    expect(await audit(db, "niche.create", created.value.id)).toHaveLength(1);
    const listed = (await listNiches(db)).find((n) => n.id === created.value.id);
    expect(listed).toMatchObject({ product_count: 0, subcategory_ids: [], status: "published" });
  });

  it("renames with a redirect from the old slug, and renaming back drops it", async () => {
    const db = getDb();
    const actor = await admin(db);
    const created = await createTaxon(db, actor, "niche", `Rn ${run} Alpha`);
    if (!created.ok) throw new Error("not created");
    const id = created.value.id;
    const other = await createTaxon(db, actor, "niche", `Rn ${run} Other`);
    expect(await renameTaxon(db, actor, "niche", id, `rn ${run} other`)).toEqual({ ok: false, reason: "exists" });
    expect(await renameTaxon(db, actor, "niche", 2_000_000_000, "Whatever")).toEqual({ ok: false, reason: "missing" });
    const renamed = await renameTaxon(db, actor, "niche", id, `Rn ${run} Beta`);
    expect(renamed).toMatchObject({ ok: true, value: { slug: `rn-${run}-beta` } });
    expect(await redirects(db, "niche", id)).toEqual([`rn-${run}-alpha`]);
    const [entry] = await audit(db, "niche.rename", id);
    expect(entry?.changes).toMatchObject({ slug: { before: `rn-${run}-alpha`, after: `rn-${run}-beta` } });
    await renameTaxon(db, actor, "niche", id, `Rn ${run} Alpha`);
    expect(await redirects(db, "niche", id)).toEqual([`rn-${run}-beta`]);
    expect(other.ok).toBe(true);
  });

  it("toggles status, invalidating every cached page", async () => {
    const db = getDb();
    const actor = await admin(db);
    const created = await createTaxon(db, actor, "niche", `St ${run} Niche`);
    if (!created.ok) throw new Error("not created");
    const heard: CacheTag[][] = [];
    const stop = onInvalidate((tags) => heard.push(tags));
    try {
      expect(await setTaxonStatus(db, actor, "niche", created.value.id, "draft")).toMatchObject({ ok: true, value: { status: "draft" } });
    } finally {
      stop();
    }
    expect(heard).toContainEqual(["all"]);
    expect((await listNiches(db)).find((n) => n.id === created.value.id)?.status).toBe("draft");
    expect(await audit(db, "niche.status", created.value.id)).toHaveLength(1);
    expect(await setTaxonStatus(db, actor, "niche", 2_000_000_000, "draft")).toEqual({ ok: false, reason: "missing" });
  });

  it("deletes niches with every relation in one transaction, and rolls all of it back on failure", async () => {
    const db = getDb();
    const actor = await admin(db);
    const a = await createTaxon(db, actor, "niche", `Del ${run} A`);
    const b = await createTaxon(db, actor, "niche", `Del ${run} B`);
    const sub = await createTaxon(db, actor, "subcategory", `Del ${run} Sub`);
    if (!a.ok || !b.ok || !sub.ok) throw new Error("not created");
    const product = await createProduct(db, { nicheSlug: a.value.slug, subcategorySlug: sub.value.slug });
    await db.execute(sql`update product_subcategories set category_id = ${a.value.id} where product_id = ${product.id}`);
    await setNicheSubcategories(db, actor, a.value.id, [sub.value.id]);
    await renameTaxon(db, actor, "niche", a.value.id, `Del ${run} A2`);
    expect((await listNiches(db)).find((n) => n.id === a.value.id)).toMatchObject({ product_count: 1, subcategory_ids: [sub.value.id] });

    // A failure inside the transaction (here: the audit insert) leaves everything in place.
    await expect(deleteTaxa(db, { id: "no-such-user-id", email: "x@example.com" }, "niche", [a.value.id])).rejects.toThrow();
    expect((await listNiches(db)).some((n) => n.id === a.value.id)).toBe(true);

    const result = await deleteTaxa(db, actor, "niche", [a.value.id, b.value.id, 2_000_000_000]);
    expect(result.deleted.map((n) => n.id).sort()).toEqual([a.value.id, b.value.id].sort());
    expect(result.missing).toEqual([2_000_000_000]);
    const [left] = await queryRows<{ pn: number; ns: number; cat: number | null; redirects: number; ps: number }>(
      db,
      sql`select (select count(*)::int from product_niches where product_id = ${product.id}) as pn,
                 (select count(*)::int from niche_subcategories where niche_id = ${a.value.id}) as ns,
                 (select category_id from product_subcategories where product_id = ${product.id}) as cat,
                 (select count(*)::int from taxonomy_slug_redirects where kind = 'niche' and target_id = ${a.value.id}) as redirects,
                 (select count(*)::int from product_subcategories where product_id = ${product.id}) as ps`,
    );
    expect(left).toEqual({ pn: 0, ns: 0, cat: null, redirects: 0, ps: 1 });
    const rows = await queryRows<{ changes: { ids: number[] } }>(db, sql`select changes from audit_log where action = 'niche.delete' order by id desc limit 1`);
    expect(rows[0]?.changes.ids.sort()).toEqual([a.value.id, b.value.id].sort());
  });

  it("sets a niche's subcategories, ignoring unknown ids", async () => {
    const db = getDb();
    const actor = await admin(db);
    const niche = await createTaxon(db, actor, "niche", `Ns ${run} Niche`);
    const s1 = await createTaxon(db, actor, "subcategory", `Ns ${run} One`);
    const s2 = await createTaxon(db, actor, "subcategory", `Ns ${run} Two`);
    if (!niche.ok || !s1.ok || !s2.ok) throw new Error("not created");
    expect(await setNicheSubcategories(db, actor, niche.value.id, [s1.value.id, 2_000_000_000])).toEqual({
      ok: true,
      value: { added: [s1.value.id], removed: [] },
    });
    expect(await setNicheSubcategories(db, actor, niche.value.id, [s2.value.id])).toEqual({
      ok: true,
      value: { added: [s2.value.id], removed: [s1.value.id] },
    });
    expect(await audit(db, "niche.subcategories", niche.value.id)).toHaveLength(2);
    expect(await setNicheSubcategories(db, actor, 2_000_000_000, [])).toEqual({ ok: false, reason: "missing" });
  });
});

describe("parent subcategories", () => {
  it("adds, renames, drafts and deletes, detaching children and products", async () => {
    const db = getDb();
    const actor = await admin(db);
    const parent = await createTaxon(db, actor, "subcategory", `Ps ${run} Parent`);
    if (!parent.ok) throw new Error("not created");
    expect(await createTaxon(db, actor, "subcategory", `ps ${run} parent`)).toEqual({ ok: false, reason: "exists" });
    const [child] = await queryRows<{ id: number }>(
      db,
      sql`insert into subcategories (name, slug, parent_id) values (${`Ps ${run} Child`}, ${`ps-${run}-child`}, ${parent.value.id}) returning id`,
    );
    const product = await createProduct(db, { subcategorySlug: parent.value.slug });
    expect((await listParentSubcategories(db)).find((s) => s.id === parent.value.id)).toMatchObject({ product_count: 1, child_count: 1 });
    // The child is not a parent subcategory: this page cannot touch it.
    expect(await setTaxonStatus(db, actor, "subcategory", child!.id, "draft")).toEqual({ ok: false, reason: "missing" });
    expect(await renameTaxon(db, actor, "subcategory", parent.value.id, `Ps ${run} Renamed`)).toMatchObject({ ok: true });
    expect(await redirects(db, "subcategory", parent.value.id)).toEqual([`ps-${run}-parent`]);
    expect(await setTaxonStatus(db, actor, "subcategory", parent.value.id, "draft")).toMatchObject({ ok: true });
    expect((await deleteTaxa(db, actor, "subcategory", [parent.value.id])).deleted).toHaveLength(1);
    const [left] = await queryRows<{ ps: number; parent: number | null; redirects: number }>(
      db,
      sql`select (select count(*)::int from product_subcategories where product_id = ${product.id}) as ps,
                 (select parent_id from subcategories where id = ${child!.id}) as parent,
                 (select count(*)::int from taxonomy_slug_redirects where kind = 'subcategory' and target_id = ${parent.value.id}) as redirects`,
    );
    expect(left).toEqual({ ps: 0, parent: null, redirects: 0 });
    expect(await audit(db, "subcategory.delete", parent.value.id)).toHaveLength(1);
  });
});

describe("children of parent subcategories", () => {
  const parentOf = async (db: Database, id: number) =>
    (await queryRows<{ parent_id: number | null }>(db, sql`select parent_id from subcategories where id = ${id}`))[0]?.parent_id;

  it("adds a child by name, moves children between parents, detaches them, and audits each change", async () => {
    const db = getDb();
    const actor = await admin(db);
    const events: CacheTag[][] = [];
    const stop = onInvalidate((tags) => void events.push([...tags]));
    try {
      const a = await createTaxon(db, actor, "subcategory", `Ch ${run} Parent A`);
      const b = await createTaxon(db, actor, "subcategory", `Ch ${run} Parent B`);
      if (!a.ok || !b.ok) throw new Error("not created");

      // A new child: published, not a parent, under A; same duplicate rule as any subcategory.
      const child = await createChildSubcategory(db, actor, a.value.id, `Ch ${run}  Child One`.replace(/\s+/g, " "));
      expect(child).toMatchObject({ ok: true, value: { slug: `ch-${run}-child-one`, status: "published" } });
      if (!child.ok) throw new Error("not created");
      expect(await createChildSubcategory(db, actor, a.value.id, `CH ${run} CHILD ONE`)).toEqual({ ok: false, reason: "exists" });
      expect(await createChildSubcategory(db, actor, a.value.id, `Ch ${run} Parent B`)).toEqual({ ok: false, reason: "exists" });
      expect(await createChildSubcategory(db, actor, 2_000_000_000, `Ch ${run} Orphan`)).toEqual({ ok: false, reason: "missing" });
      expect(await parentOf(db, child.value.id)).toBe(a.value.id);
      expect((await listParentSubcategories(db)).find((s) => s.id === a.value.id)).toMatchObject({ child_count: 1, child_ids: [child.value.id] });
      // The child is offered in the checklists, with its parent; parents are not.
      const options = await childOptions(db);
      expect(options.find((o) => o.id === child.value.id)).toEqual({
        id: child.value.id,
        name: `Ch ${run} Child One`,
        parent_id: a.value.id,
        parent_name: `Ch ${run} Parent A`,
      });
      expect(options.some((o) => o.id === b.value.id)).toBe(false);
      const second = await createChildSubcategory(db, actor, b.value.id, `Ch ${run} Child Two`);
      if (!second.ok) throw new Error("not created");

      // B takes A's child and keeps its own; a parent (A) and unknown ids are ignored.
      expect(await setSubcategoryChildren(db, actor, b.value.id, [child.value.id, second.value.id, a.value.id, 2_000_000_000])).toEqual({
        ok: true,
        value: { added: [child.value.id], removed: [], moved: [{ id: child.value.id, from: a.value.id }] },
      });
      expect(await parentOf(db, child.value.id)).toBe(b.value.id);
      expect(await parentOf(db, a.value.id)).toBeNull();
      const rows = await listParentSubcategories(db);
      expect(rows.find((s) => s.id === a.value.id)).toMatchObject({ child_count: 0, child_ids: [] });
      expect(rows.find((s) => s.id === b.value.id)).toMatchObject({ child_count: 2, child_ids: [child.value.id, second.value.id].sort((x, y) => x - y) });

      // The same set again changes nothing and records nothing.
      expect(await setSubcategoryChildren(db, actor, b.value.id, [child.value.id, second.value.id])).toEqual({
        ok: true,
        value: { added: [], removed: [], moved: [] },
      });
      // Unchecking detaches: the child becomes top-level, still a subcategory.
      expect(await setSubcategoryChildren(db, actor, b.value.id, [second.value.id])).toEqual({
        ok: true,
        value: { added: [], removed: [child.value.id], moved: [] },
      });
      expect(await parentOf(db, child.value.id)).toBeNull();
      expect(await setSubcategoryChildren(db, actor, 2_000_000_000, [])).toEqual({ ok: false, reason: "missing" });
      // A child cannot have children: the page only manages parents.
      expect(await setSubcategoryChildren(db, actor, second.value.id, [child.value.id])).toEqual({ ok: false, reason: "missing" });

      const audits = await audit(db, "subcategory.children", b.value.id);
      expect(audits.map((entry) => entry.changes)).toEqual([
        { added: [child.value.id], removed: [], moved: [{ id: child.value.id, from: a.value.id }] },
        { added: [], removed: [child.value.id] },
      ]);
      expect(await audit(db, "subcategory.create", child.value.id)).toHaveLength(1);
      // Each change reached the cache bus (pages and menus drop on every instance).
      expect(events.filter((tags) => tags.includes("all")).length).toBeGreaterThanOrEqual(5);
    } finally {
      stop();
    }
  });
});

describe("kept product counts", () => {
  it("follow inserts, moves and deletes of product links, in one statement or many", async () => {
    const db = getDb();
    const actor = await admin(db);
    const a = await createTaxon(db, actor, "niche", `Kc ${run} A`);
    const b = await createTaxon(db, actor, "niche", `Kc ${run} B`);
    const sub = await createTaxon(db, actor, "subcategory", `Kc ${run} Sub`);
    if (!a.ok || !b.ok || !sub.ok) throw new Error("not created");
    const counts = async () => {
      const niches = await listNiches(db);
      const subs = await listParentSubcategories(db);
      return [
        niches.find((n) => n.id === a.value.id)!.product_count,
        niches.find((n) => n.id === b.value.id)!.product_count,
        subs.find((s) => s.id === sub.value.id)!.product_count,
      ];
    };
    const p1 = await createProduct(db, { nicheSlug: a.value.slug, subcategorySlug: sub.value.slug });
    const p2 = await createProduct(db, { nicheSlug: a.value.slug });
    expect(await counts()).toEqual([2, 0, 1]);
    await db.execute(sql`update product_niches set niche_id = ${b.value.id} where product_id in (${p1.id}, ${p2.id})`);
    expect(await counts()).toEqual([0, 2, 1]);
    await db.execute(sql`delete from products where id = ${p1.id}`); // the links go by cascade
    expect(await counts()).toEqual([0, 1, 0]);
    await deleteTaxa(db, actor, "niche", [b.value.id]);
    expect(await queryRows(db, sql`select n from taxonomy_product_counts where kind = 'niche' and ref_id = ${b.value.id}`)).toEqual([]);
  });
});
