/** The spec's slug rule: lowercase, trim, spaces to hyphens, drop non-word characters, collapse hyphens. */
export function slugify(input: string): string {
  return input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/&/g, " and ")
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Slug for a product name, never empty. */
export function productSlug(name: string): string {
  return slugify(name) || "product";
}
