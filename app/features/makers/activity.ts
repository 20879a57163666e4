/** My Products' 30-day charts: the client-safe shape of each product's daily numbers. */
export const ACTIVITY_METRICS = [
  { key: "views", label: "Views" },
  { key: "clicks", label: "Click-outs" },
  { key: "upvotes", label: "Upvotes" },
  { key: "saves", label: "Saves" },
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number]["key"];

/** One product's counts per metric, one number per day of the window. */
export type ProductActivity = Record<ActivityMetric, number[]>;

/**
 * The window's days (YYYY-MM-DD, UTC, oldest first) and, per product id, its counts: columns
 * instead of one object per day, so a maker with many products gets a small page.
 */
export interface ActivityWindow {
  days: string[];
  products: Record<number, ProductActivity>;
}
