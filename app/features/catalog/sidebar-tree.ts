/** The sidebar's category tree: client-safe shapes and the pure builder the loader uses. */

/** A row of the tree: a link with its count, or (without `href`) a group heading; children stay collapsed until opened. */
export interface SidebarNode {
  key: string;
  name: string;
  href?: string;
  count: number;
  /** The page being shown (aria-current). */
  current?: boolean;
  children: SidebarNode[];
}

interface SubcategoryRow {
  niche_id: number;
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  count: number;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

/**
 * One niche's subcategories as a tree: a subcategory sits under its parent when the parent is in
 * the same niche's list, else at the top. Links go to the niche's subcategory pages.
 */
export function nicheTree(nicheSlug: string, rows: SubcategoryRow[], currentSlug?: string): SidebarNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const node = (row: SubcategoryRow): SidebarNode => ({
    key: `s${row.id}`,
    name: row.name,
    href: `/niche/${nicheSlug}/subcategory/${row.slug}`,
    count: row.count,
    ...(row.slug === currentSlug ? { current: true } : {}),
    children: rows.filter((c) => c.parent_id === row.id).sort(byName).map(node),
  });
  return rows
    .filter((r) => r.parent_id === null || !ids.has(r.parent_id))
    .sort(byName)
    .map(node);
}

/**
 * The niche-less pages (home, tags, a parent subcategory without a niche): every niche as a
 * collapsed group (its name links to the niche) holding its subcategory tree.
 */
export function nicheGroups(
  niches: { id: number; name: string; slug: string; count: number }[],
  rows: SubcategoryRow[],
  currentSlug?: string,
): SidebarNode[] {
  return [...niches].sort(byName).map((niche) => ({
    key: `n${niche.id}`,
    name: niche.name,
    href: `/niche/${niche.slug}`,
    count: niche.count,
    children: nicheTree(
      niche.slug,
      rows.filter((r) => r.niche_id === niche.id),
      currentSlug,
    ),
  }));
}

/** The keys of the rows above the current page's rows, so that branch starts open. */
export function openBranches(nodes: SidebarNode[]): string[] {
  return nodes.flatMap((node) => {
    const below = openBranches(node.children);
    return below.length || node.children.some((c) => c.current) ? [node.key, ...below] : below;
  });
}

/**
 * The rows whose name contains `query` (any case), with the groups above them; a matching group
 * keeps all of its rows. Everything returned is meant to be shown open.
 */
export function filterTree(nodes: SidebarNode[], query: string): SidebarNode[] {
  const needle = query.trim().toLocaleLowerCase("en");
  if (!needle) return nodes;
  return nodes.flatMap((node) => {
    if (node.name.toLocaleLowerCase("en").includes(needle)) return [node];
    const children = filterTree(node.children, needle);
    return children.length ? [{ ...node, children }] : [];
  });
}

/**
 * The tree as a page's data carries it: one JSON string. React Router's encoder spends its time per
 * value, and the home page's tree was about 900 of them (20 KB) out of a list page's data, encoded
 * again on every request; a string is one value, and the server builds it once per cache entry
 * (requests.server.ts). Decision 060.
 */
export function encodeTree(nodes: SidebarNode[]): string {
  return JSON.stringify(nodes);
}

// The same few trees come back request after request (and navigation after navigation): parse
// each once. The nodes are shared, so nothing may change them (filterTree builds new ones).
const DECODED = new Map<string, SidebarNode[]>();

export function decodeTree(json: string): SidebarNode[] {
  let nodes = DECODED.get(json);
  if (!nodes) {
    nodes = JSON.parse(json) as SidebarNode[];
    if (DECODED.size >= 64) DECODED.clear();
    DECODED.set(json, nodes);
  }
  return nodes;
}

export function countRows(nodes: SidebarNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.href ? 1 : 0) + countRows(node.children), 0);
}
