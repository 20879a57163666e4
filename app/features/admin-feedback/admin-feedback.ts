/**
 * /admin/feedback-reports: filters (all in the URL), the shapes the page shows, and the export's file name and columns.
 * Pure: any query string, however hostile, becomes a bounded, valid filter, never an error.
 */

export const FEEDBACK_PAGE_SIZE = 10;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH = 200;
/**
 * Shorter searches are not run on the page: a "contains" match of 1 or 2 characters cannot use a
 * trigram index and would read every review (1.3 s at 1,000,000). The export still honours them.
 */
export const MIN_SEARCH = 3;

export function searchTooShort(q: string): boolean {
  return q !== "" && Array.from(q).length < MIN_SEARCH;
}

export type FeedbackKind = "reviews" | "replies";

export interface FeedbackFilters {
  /** Matches the comment, the product's name or the author's username, name or e-mail. */
  q: string;
  /** 1-5, or 0 for every rating (reviews only). */
  rating: number;
  kind: FeedbackKind;
}

export const EMPTY_FILTERS: FeedbackFilters = { q: "", rating: 0, kind: "reviews" };

// Control and format characters (NUL cannot reach the database; the rest only hide what is searched).
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanSearch(value: string | null): string {
  if (!value) return "";
  const wellFormed = value.replace(LONE_SURROGATE, "\uFFFD").replace(HIDDEN, "").trim();
  return Array.from(wellFormed).slice(0, MAX_SEARCH).join("");
}

export function parseFeedbackQuery(params: URLSearchParams): { filters: FeedbackFilters; page: number } {
  const ratingText = params.get("rating") ?? "";
  const kind: FeedbackKind = params.get("kind") === "replies" ? "replies" : "reviews";
  const filters: FeedbackFilters = {
    q: cleanSearch(params.get("q")),
    rating: kind === "reviews" && /^[1-5]$/.test(ratingText) ? Number(ratingText) : 0,
    kind,
  };
  const pageText = params.get("page");
  const page = pageText && /^[1-9][0-9]{0,5}$/.test(pageText) ? Math.min(Number(pageText), MAX_PAGE) : 1;
  return { filters, page };
}

/** The query string of a view (defaults left out), optionally at a page. */
export function feedbackSearch(filters: FeedbackFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.kind === "replies") params.set("kind", "replies");
  if (filters.rating) params.set("rating", String(filters.rating));
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: FeedbackFilters): boolean {
  return Boolean(filters.q || filters.rating || filters.kind !== "reviews");
}

export interface FeedbackStats {
  /** Public reviews (not hidden, author not suspended). */
  total: number;
  /** Rounded to one decimal; null without reviews. */
  average: number | null;
  thisMonth: number;
  productsReviewed: number;
  /** Ratings 1 to 5 with their share in whole percent. */
  distribution: { rating: number; count: number; percent: number }[];
}

export interface FeedbackRow {
  id: number;
  parentId: number | null;
  productId: number;
  productName: string;
  productSlug: string;
  user: string;
  rating: number | null;
  comment: string;
  createdAt: string;
  hidden: boolean;
  authorSuspended: boolean;
}

export interface FeedbackReportsPage {
  stats: FeedbackStats;
  rows: FeedbackRow[];
  /** Exact up to the count cap; `capped` says there are more. */
  total: number;
  capped: boolean;
  /** `total` is an estimate (a search with many matches): shown as "About N". */
  estimated: boolean;
  /** The search has fewer than MIN_SEARCH characters and was not run. */
  tooShort?: boolean;
  page: number;
  pageCount: number;
  filters: FeedbackFilters;
}

/** Whole percentages of each rating 1 to 5. */
export function distribution(counts: Record<number, number>): FeedbackStats["distribution"] {
  const total = [1, 2, 3, 4, 5].reduce((sum, r) => sum + (counts[r] ?? 0), 0);
  return [1, 2, 3, 4, 5].map((rating) => {
    const count = counts[rating] ?? 0;
    return { rating, count, percent: total ? Math.round((count / total) * 100) : 0 };
  });
}

export const MODERATION_INTENTS = ["hide", "unhide", "delete"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];

export const FEEDBACK_REPORT_MESSAGES = {
  hidden: "Feedback hidden from the public.",
  unhidden: "Feedback shown again.",
  deleted: "Feedback deleted.",
  notFound: "This feedback no longer exists.",
  invalid: "Unknown action",
} as const;

/** `feedback-reports-{YYYY-MM-DD}.csv` (UTC date). */
export function exportFileName(now = new Date()): string {
  return `feedback-reports-${now.toISOString().slice(0, 10)}.csv`;
}

export const EXPORT_COLUMNS = ["ID", "Product", "User", "Rating", "Comment", "Date"] as const;
