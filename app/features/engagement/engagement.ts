/** Upvote and save: types, limits and the spec's messages. Client-safe. */

/** What the signed-in viewer did to one product, with its current counts. */
export interface ViewerEngagement {
  id: number;
  upvoted: boolean;
  bookmarked: boolean;
  upvotes: number;
  bookmarks: number;
}

export const MESSAGES = {
  invalidId: "Invalid Product ID",
  notFound: "Product not found in database",
  signInRequired: "Please sign in to continue.",
  forbidden: "Forbidden",
  upvoteFailed: "Failed to update upvote. Please try again.",
  upvoteNotFound: "Product could not be found. It may have been removed.",
  upvoteForbidden: "You don't have permission to upvote this product.",
  bookmarkFailed: "Failed to update bookmark. Please try again.",
  alreadyBookmarked: "Already bookmarked.",
  bookmarked: "Bookmarked",
  bookmarkRemoved: "Bookmark removed",
  removeBookmarkFailed: "Failed to remove bookmark",
} as const;

/** The two toggles, named as in their addresses (the API's and the plain form's). */
export type ToggleKind = "upvote" | "bookmark";

/** The plain form's address of an upvote or save toggle (requests.server.ts, decision 082). */
export function toggleFormPath(kind: ToggleKind, productId: number): string {
  return `/products/${productId}/${kind}`;
}

/** Most product ids the per-viewer state endpoint answers in one request. */
export const MAX_ENGAGEMENT_IDS = 100;


/** What a save or its removal tells the user (a toast, or the next page's flash); an upvote shows its count instead. */
export function bookmarkNotice(on: boolean, changed: boolean): { kind: "success" | "error"; message: string } {
  if (!on) return { kind: "success", message: MESSAGES.bookmarkRemoved };
  return changed ? { kind: "success", message: MESSAGES.bookmarked } : { kind: "error", message: MESSAGES.alreadyBookmarked };
}
