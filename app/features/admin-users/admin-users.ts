/**
 * Manage Users' view state and messages (decision 044), shared by the page and the server. The
 * state lives in the URL query: `q` (name or e-mail contains), `page`, and `user` (the details
 * dialog). Parsing never throws: a hostile or odd value reads as its default.
 */
import { pageParam } from "~/lib/paging";

export const PAGE_SIZE = 20;
/** Far beyond any real user count; keeps offsets in range. */
export const MAX_PAGE = 1_000_000;
export const MAX_QUERY_LENGTH = 100;
/** Better Auth ids are short; anything longer is not one. */
export const MAX_USER_ID_LENGTH = 100;

export const USER_MESSAGES = {
  suspended: (name: string) => `${name} has been suspended.`,
  restored: (name: string) => `${name} has been restored.`,
  self: "You cannot suspend your own account.",
  admin: "Administrators cannot be suspended.",
  alreadySuspended: "This user is already suspended.",
  notSuspended: "This user is not suspended.",
  notFound: "User not found.",
  unknownAction: "Unknown action.",
  failed: "Could not update the user. Please try again.",
} as const;

export interface UserFilters {
  q: string;
  page: number;
  /** The user whose details dialog is open, or null. */
  user: string | null;
}

/** Text a visitor typed, made safe for the database: no NUL, no lone surrogates, trimmed, bounded. */
export function cleanText(value: string | null | undefined, max: number): string {
  if (!value) return "";
  return wellFormed(wellFormed(value).replaceAll("\u0000", "").trim().slice(0, max));
}

/** Lone surrogates (which PostgreSQL refuses) become U+FFFD. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A user id as the forms and the URL carry it: printable, bounded; else null. */
export function parseUserId(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const id = value.trim();
  if (!id || id.length > MAX_USER_ID_LENGTH || !/^[\w.:-]+$/.test(id)) return null;
  return id;
}

export function parseUserFilters(params: URLSearchParams): UserFilters {
  return { q: cleanText(params.get("q"), MAX_QUERY_LENGTH), page: pageParam(params.get("page"), MAX_PAGE), user: parseUserId(params.get("user")) };
}

/** The page's URL for a view (empty values left out). */
export function usersHref(f: Partial<UserFilters>): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.page && f.page > 1) params.set("page", String(f.page));
  if (f.user) params.set("user", f.user);
  const query = params.toString();
  return query ? `/admin/users?${query}` : "/admin/users";
}
