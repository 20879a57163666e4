/**
 * The requests and messages of /admin/submissions and /admin/suggestions, shared by the pages and
 * their actions (decision 043).
 */

export const QUEUE_PAGE_SIZE = 10;
/** Pages beyond this are not asked for (a hostile `page` cannot make the database skip billions of rows). */
export const MAX_QUEUE_PAGE = 100_000;
/** One Delete Selected removes at most this many rows (a page holds 10). */
export const MAX_IDS = 100;
export const REASON_MAX = 1000;

export const SUBMISSION_INTENTS = ["approve", "reject", "delete"] as const;
export const SUGGESTION_INTENTS = ["convert", "reject", "delete"] as const;

export const MESSAGES = {
  approved: (name: string) => `${name} approved: it is now a draft. Publish it from Manage Products.`,
  rejected: (name: string) => `${name} rejected`,
  deleted: (n: number) => `${n} ${n === 1 ? "submission" : "submissions"} deleted`,
  suggestionRejected: "Suggestion rejected",
  suggestionsDeleted: (n: number) => `${n} ${n === 1 ? "suggestion" : "suggestions"} deleted`,
  converted: "Draft product created from the suggestion",
  processFailed: "Failed to process submission. Please try again.",
  deleteFailed: "Failed to delete submissions. Please try again.",
  notFound: "This submission was already handled or no longer exists.",
  suggestionNotFound: "This suggestion was already handled or no longer exists.",
  noneFound: "None of the selected items exist any more.",
  noSelection: "Select at least one item first.",
  badSelection: "The selection could not be read. Reload the page and select again.",
  tooMany: `Select at most ${MAX_IDS} items at a time.`,
  reasonTooLong: `The reason can be at most ${REASON_MAX} characters.`,
  reasonInvalid: "The reason contains characters that cannot be stored.",
  unknownAction: "Unknown action.",
} as const;

/** A positive integer id written in plain digits, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id <= 2_147_483_647 ? id : null;
}

export function parsePage(value: string | null): number {
  const page = parseId(value);
  return page === null ? 1 : Math.min(page, MAX_QUEUE_PAGE);
}

export type IdsResult = { ok: true; ids: number[] } | { ok: false; error: string };

/** Ids from repeated form fields: every one a positive integer, duplicates dropped, at most MAX_IDS. */
export function parseIds(values: readonly unknown[]): IdsResult {
  if (values.length > MAX_IDS * 2) return { ok: false, error: MESSAGES.tooMany };
  const ids = new Set<number>();
  for (const value of values) {
    const id = parseId(value);
    if (id === null) return { ok: false, error: MESSAGES.badSelection };
    ids.add(id);
  }
  if (!ids.size) return { ok: false, error: MESSAGES.noSelection };
  if (ids.size > MAX_IDS) return { ok: false, error: MESSAGES.tooMany };
  return { ok: true, ids: [...ids] };
}

// Control characters other than tab and line breaks, and lone surrogates, cannot be stored or mailed.
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The optional rejection reason: trimmed, empty = none. */
export function parseReason(value: unknown): { ok: true; reason: string | null } | { ok: false; error: string } {
  if (value === null || value === undefined) return { ok: true, reason: null };
  if (typeof value !== "string") return { ok: false, error: MESSAGES.reasonInvalid };
  const reason = value.trim();
  if (reason.length > REASON_MAX) return { ok: false, error: MESSAGES.reasonTooLong };
  if (BAD_TEXT.test(reason)) return { ok: false, error: MESSAGES.reasonInvalid };
  return { ok: true, reason: reason || null };
}

/** The draft product's name from a suggestion's text: its first words, at most 60 characters. */
export function nameFromSuggestion(text: string | null): string {
  const words = (text ?? "").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  let name = "";
  for (const word of words.slice(0, 8)) {
    const next = name ? `${name} ${word}` : word;
    if (next.length > 60) break;
    name = next;
  }
  if (!name && words[0]) name = words[0].slice(0, 60);
  return name || "Suggested product";
}

const URL_IN_TEXT = /\b(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?:\/[^\s)\]>"',;]*)?/i;

/** The website a suggestion's text names ("https://penpot.app", "penpot.app"), as an https URL, or null. */
export function websiteFromSuggestion(text: string | null): string | null {
  const match = URL_IN_TEXT.exec(text ?? "");
  if (!match) return null;
  const raw = match[0].replace(/[.!?]+$/, "");
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (!url.hostname.includes(".")) return null;
    return url.pathname === "/" && !url.search ? url.origin : url.href;
  } catch {
    return null;
  }
}

/**
 * A suggestion turned into a product (issue 36, item 13): its name is what the text says before
 * the first aside ("Penpot (https://penpot.app) — open-source design" gives "Penpot"): a bracket,
 * a dash, a colon, a comma, a sentence's end or the link itself. A text that starts with its link
 * is named after the site ("penpot.app" gives "Penpot"). The rest is left for the admin.
 */
export function productFromSuggestion(text: string | null): { name: string; websiteUrl: string | null } {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  const websiteUrl = websiteFromSuggestion(clean);
  const link = URL_IN_TEXT.exec(clean);
  const before = (link ? clean.slice(0, link.index) : clean).split(/\s[([—–-]\s?|[([—–]|:\s|,\s|\.\s|\s(?:is|are|-)\s/)[0]!.trim();
  let name = before ? nameFromSuggestion(before) : "";
  if (!name && websiteUrl) {
    const label = new URL(websiteUrl).hostname.replace(/^www\./, "").split(".")[0]!;
    name = label.charAt(0).toUpperCase() + label.slice(1);
  }
  return { name: name || nameFromSuggestion(clean), websiteUrl };
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
}
