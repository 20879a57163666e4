import { describe, expect, it } from "vitest";
import { countRows, filterTree, nicheGroups, nicheTree, openBranches } from "./sidebar-tree";

const rows = [
  { niche_id: 1, id: 10, name: "Security", slug: "security", parent_id: null, count: 5 },
  { niche_id: 1, id: 11, name: "Password Managers", slug: "password-managers", parent_id: 10, count: 3 },
  { niche_id: 1, id: 12, name: "Backups", slug: "backups", parent_id: null, count: 2 },
  { niche_id: 2, id: 20, name: "Icons", slug: "icons", parent_id: null, count: 4 },
  // A child whose parent is not in this niche stands at the top.
  { niche_id: 2, id: 21, name: "Password Generators", slug: "password-generators", parent_id: 10, count: 1 },
];
const niches = [
  { id: 2, name: "Designers", slug: "designers", count: 5 },
  { id: 1, name: "Developers", slug: "developers", count: 9 },
];

describe("the sidebar tree", () => {
  it("puts subcategories under their parent, by name, with links into the niche", () => {
    const tree = nicheTree("developers", rows.filter((r) => r.niche_id === 1), "password-managers");
    expect(tree.map((n) => n.name)).toEqual(["Backups", "Security"]);
    expect(tree[1]!.children).toEqual([
      { key: "s11", name: "Password Managers", href: "/niche/developers/subcategory/password-managers", count: 3, current: true, children: [] },
    ]);
    expect(openBranches(tree)).toEqual(["s10"]);
  });

  it("groups niches on niche-less pages; only the current page's branch starts open", () => {
    const groups = nicheGroups(niches, rows, "icons");
    expect(groups.map((g) => [g.name, g.href, g.count])).toEqual([
      ["Designers", "/niche/designers", 5],
      ["Developers", "/niche/developers", 9],
    ]);
    expect(groups[0]!.children.map((c) => c.name)).toEqual(["Icons", "Password Generators"]);
    expect(openBranches(groups)).toEqual(["n2"]);
    expect(openBranches(nicheGroups(niches, rows))).toEqual([]);
  });

  it("finds a subcategory by typing, in any case, keeping the groups above it", () => {
    const groups = nicheGroups(niches, rows);
    const found = filterTree(groups, "  PASSWORD ");
    expect(found.map((g) => [g.name, g.children.map((c) => c.name)])).toEqual([
      ["Designers", ["Password Generators"]],
      ["Developers", ["Security"]],
    ]);
    expect(found[1]!.children[0]!.children.map((c) => c.name)).toEqual(["Password Managers"]);
    expect(countRows(found)).toBe(5);
    // A matching group keeps all of its rows; no match gives nothing; blank gives everything.
    expect(filterTree(groups, "design")[0]!.children).toHaveLength(2);
    expect(filterTree(groups, "zzz")).toEqual([]);
    expect(filterTree(groups, " ")).toBe(groups);
  });
});
