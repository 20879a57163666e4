import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { beforeEach, describe, expect, it } from "vitest";
import { invalidate } from "~/db/cache-bus.server";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { createProduct } from "../../../tests/factories";
import { loadListPage } from "./requests.server";
import { clearMemo } from "./memo.server";
import { decodeTree, type SidebarNode } from "./sidebar-tree";
import { nicheSubcategoryCounts } from "./queries/taxonomy.server";

const run = Date.now().toString(36);
const NICHE = `sidebar-niche-${run}`;

async function insertId(query: ReturnType<typeof sql>) {
  const row = await selectRow(getDb(), z.object({ id: col.int }), query);
  return row!.id;
}

/** A niche with a parent subcategory holding one child, and a plain subcategory. */
async function taxonomy() {
  const niche = await insertId(sql`insert into niches (name, slug, status) values (${`Sidebar Niche ${run}`}, ${NICHE}, 'published') returning id`);
  const parent = await insertId(sql`insert into subcategories (name, slug, status, is_parent) values ('Zz Parent', ${`zz-parent-${run}`}, 'published', true) returning id`);
  const child = await insertId(
    sql`insert into subcategories (name, slug, status, parent_id) values ('Zz Child', ${`zz-child-${run}`}, 'published', ${parent}) returning id`,
  );
  const plain = await insertId(sql`insert into subcategories (name, slug, status) values ('Aa Plain', ${`aa-plain-${run}`}, 'published') returning id`);
  for (const id of [parent, child, plain]) {
    await getDb().execute(sql`insert into niche_subcategories (niche_id, subcategory_id) values (${niche}, ${id})`);
  }
  return { niche, parent, child, plain };
}

function find(nodes: SidebarNode[], name: string): SidebarNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const below = find(node.children, name);
    if (below) return below;
  }
  return undefined;
}

beforeEach(() => clearMemo());

describe("the sidebar's counts", () => {
  it("count live products per niche and subcategory, a parent counting its children's once, and follow product changes", async () => {
    const ids = await taxonomy();
    const inParent = await createProduct(getDb(), { nicheSlug: NICHE, subcategorySlug: `zz-parent-${run}` });
    const inChild = await createProduct(getDb(), { nicheSlug: NICHE, subcategorySlug: `zz-child-${run}` });
    // In the parent and the child: counted once by the parent.
    await getDb().execute(sql`insert into product_subcategories (product_id, subcategory_id) values (${inChild.id}, ${ids.parent})`);
    await createProduct(getDb(), { nicheSlug: NICHE, subcategorySlug: `aa-plain-${run}`, status: "draft" });

    const rows = (await nicheSubcategoryCounts()).filter((r) => r.niche_id === ids.niche);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.count]))).toEqual({ "Zz Parent": 2, "Zz Child": 1 });

    const niche = await loadListPage({ nicheId: ids.niche }, { selectedNiche: NICHE, nicheId: ids.niche });
    const parentNode = find(decodeTree(niche.sidebar.tree), "Zz Parent")!;
    expect(parentNode).toMatchObject({ count: 2, href: `/niche/${NICHE}/subcategory/zz-parent-${run}` });
    expect(parentNode.children.map((c) => [c.name, c.count])).toEqual([["Zz Child", 1]]);
    expect(find(decodeTree(niche.sidebar.tree), "Aa Plain")).toBeUndefined();

    // Home groups the niche's tree under the niche, counted from the database.
    const home = await loadListPage({}, {});
    const group = decodeTree(home.sidebar.tree).find((g) => g.name === `Sidebar Niche ${run}`)!;
    expect(group).toMatchObject({ href: `/niche/${NICHE}`, count: 2 });
    expect(group.children.map((c) => c.name)).toEqual(["Zz Parent"]);

    // A product going live (an admin's change invalidates the lists) shows at once, not after the memo expires.
    await getDb().execute(sql`update products set status = 'live' where id in (select product_id from product_subcategories where subcategory_id = ${ids.plain})`);
    await invalidate(["lists"]);
    const after = await loadListPage({}, {});
    const groupAfter = decodeTree(after.sidebar.tree).find((g) => g.name === `Sidebar Niche ${run}`)!;
    expect(groupAfter.children.map((c) => [c.name, c.count])).toEqual([
      ["Aa Plain", 1],
      ["Zz Parent", 2],
    ]);
    // And a product leaving takes its count with it.
    await getDb().execute(sql`update products set status = 'draft' where id = ${inParent.id}`);
    await invalidate(["lists"]);
    expect(find(decodeTree((await loadListPage({}, {})).sidebar.tree), "Zz Parent")?.count).toBe(1);
  });

  it("groups every niche of the demo catalogue on the home page, each holding its subcategories", async () => {
    const home = await loadListPage({}, {});
    const developers = decodeTree(home.sidebar.tree).find((g) => g.href === "/niche/developers")!;
    expect(developers.count).toBeGreaterThan(100);
    expect(developers.children.length).toBeGreaterThan(5);
    for (const sub of developers.children) {
      expect(sub.href).toMatch(/^\/niche\/developers\/subcategory\//);
      expect(sub.count).toBeGreaterThan(0);
    }
    // The counts are those of the niche's subcategory pages (live products in both).
    const [api] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from products p
          join product_subcategories ps on ps.product_id = p.id join subcategories s on s.id = ps.subcategory_id
          join product_niches pn on pn.product_id = p.id join niches n on n.id = pn.niche_id
          where p.status = 'live' and p.type = 'product' and s.slug = 'api-development-and-testing' and n.slug = 'developers'`,
    );
    expect(developers.children.find((c) => c.name === "API Development & Testing")?.count).toBe(api!.n);
  });
});
