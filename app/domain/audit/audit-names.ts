/**
 * What an audit entry on many products names (issue 36, item 14): "1 product" said nothing. The
 * entry keeps every product's id and name (`changes.products`); its summary names the first few,
 * then "and N more", and /admin/audit links them. Client-safe: the page reads the same shape.
 */
export interface AuditProductRef {
  id: number;
  name: string;
}

/** How many names a summary or the page shows before "and N more". */
export const NAMED_FIRST = 3;

/** "Alpha", "Alpha and Beta", "Alpha, Beta, Gamma and 2 more". */
export function namesSummary(names: readonly string[], first = NAMED_FIRST): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length <= first) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, first).join(", ")} and ${(names.length - first).toLocaleString("en")} more`;
}

/** "1 product: Alpha", "5 products: Alpha, Beta, Gamma and 2 more". */
export function productsSummary(products: readonly AuditProductRef[]): string {
  const count = products.length === 1 ? "1 product" : `${products.length.toLocaleString("en")} products`;
  return products.length ? `${count}: ${namesSummary(products.map((p) => p.name))}` : count;
}

/** The products an entry names, when its changes carry them (older entries only have `ids`). */
export function auditProducts(changes: unknown): AuditProductRef[] | null {
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return null;
  const list = (changes as { products?: unknown }).products;
  if (!Array.isArray(list)) return null;
  const refs = list.filter(
    (p): p is AuditProductRef => !!p && typeof p === "object" && Number.isSafeInteger((p as AuditProductRef).id) && typeof (p as AuditProductRef).name === "string",
  );
  return refs.length ? refs : null;
}
