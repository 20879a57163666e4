/**
 * A product's badge in the admin tables (Manage Products, Trending Ads, the dashboard's recent
 * products): Advertised overrides the status (spec: table badges). Light and dark colour pairs,
 * each at least 4.5:1. A maker's own list uses product-status.ts instead (its spec differs).
 */
export type StatusBadge = "Advertised" | "Published" | "Draft" | "Pending" | "Rejected" | "Unknown";

const BADGE_OF_STATUS: Record<string, StatusBadge> = { live: "Published", draft: "Draft", pending: "Pending", rejected: "Rejected" };

export function statusBadge(product: { status: string | null; is_advertised: boolean }): StatusBadge {
  if (product.is_advertised) return "Advertised";
  return (product.status && BADGE_OF_STATUS[product.status]) || "Unknown";
}

export const BADGE_CLASSES: Record<StatusBadge, string> = {
  Advertised: "border-amber-600/40 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  Published: "border-emerald-600/40 bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  Draft: "border-slate-500/40 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  Pending: "border-sky-600/40 bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  Rejected: "border-red-600/40 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  Unknown: "border-border bg-muted text-muted-foreground",
};
