/**
 * Everything awaiting an admin, client-safe: the moderation queue (issue 12, decision 040: its
 * tabs, the decision form's schema and messages, the shapes the page shows) and the submissions
 * and suggestions queues (decision 043: their messages and form parsing). No `.server`: the reject
 * form's schema also runs in the browser (decision 031).
 */
import * as z from "zod/mini";
import { pageParam } from "~/lib/paging";

export const QUEUE_PAGE_SIZE = 20;

export const QUEUE_TABS = [
  { id: "revisions", label: "Revisions" },
  { id: "claims", label: "Claims" },
] as const;
export type QueueTab = (typeof QUEUE_TABS)[number]["id"];

/** `?tab=claims`, else the revisions. */
export function parseQueueTab(value: string | null): QueueTab {
  return value === "claims" ? "claims" : "revisions";
}

/** `?page=` of the moderation queue: a page number up to 10,000, else 1. */
export function parsePage(value: string | null): number {
  return pageParam(value, 10_000);
}

/**
 * The product columns a maker may change through a revision (My Products' Basic Information and
 * the wizard's text fields), with the names the diff shows. Anything else in a revision's
 * `changes` is shown but never applied.
 */
export const MAKER_EDITABLE_FIELDS = {
  product_name: "Product name",
  headline: "Headline",
  tagline: "Tagline",
  description: "Description",
  website_url: "Website URL",
  logo_url: "Logo URL",
  video_url: "Video URL",
  pricing: "Pricing",
  tags: "Tags",
  maker_comment: "Maker comment",
  has_coupon: "Offers a coupon",
  coupon_text: "Coupon text",
  coupon_code: "Coupon code",
  coupon_url: "Coupon URL",
  coupon_expiry_date: "Coupon expiry date",
} as const;
export type MakerEditableField = keyof typeof MAKER_EDITABLE_FIELDS;

export function isMakerEditable(field: string): field is MakerEditableField {
  return Object.hasOwn(MAKER_EDITABLE_FIELDS, field);
}

export const EDITABLE = Object.keys(MAKER_EDITABLE_FIELDS) as MakerEditableField[];

/** The relations a maker's revision may change (the wizard's Categories step): niche and subcategory ids. */
export const RELATIONS = { niche_ids: "Niches", subcategory_ids: "Subcategories" } as const;
export type RelationField = keyof typeof RELATIONS;
export const RELATION_FIELDS = Object.keys(RELATIONS) as RelationField[];

/** Positive integer ids, or null when the value is not a list of them. */
export function idList(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > 100) return null;
  return value.every((id) => Number.isSafeInteger(id) && id > 0) ? (value as number[]) : null;
}

export const REASON_MAX = 1000;

export const MODERATION_MESSAGES = {
  unknownAction: "Unknown action. Please reload the page and try again.",
  badId: "This item does not exist. Please reload the page.",
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters`,
  reasonCharacters: "Reason cannot contain control characters",
  revisionNotFound: "This revision no longer exists (the product may have been deleted).",
  claimNotFound: "This claim no longer exists (the product or the account may have been deleted).",
  revisionStale: "The maker changed this revision after you opened it. Review the new version and decide again.",
  revisionInvalid: "This revision cannot be applied: some proposed values are not valid. Reject it instead.",
  failed: "The decision could not be saved. Please try again.",
  revisionApproved: "Revision approved: the changes are live.",
  revisionRejected: "Revision rejected: the live version stays.",
  claimApproved: "Claim approved: the user is now a verified maker.",
  claimRejected: "Claim rejected.",
} as const;

/** A decision on an item that was already decided: nothing happens, the admin is told what it was. */
export function alreadyDecided(kind: "revision" | "claim", status: string): string {
  return `This ${kind} has already been ${status}. Nothing was changed.`;
}

export const DECISION_INTENTS = ["approve-revision", "reject-revision", "approve-claim", "reject-claim"] as const;
export type DecisionIntent = (typeof DECISION_INTENTS)[number];

// Control characters other than tab and line breaks (a NUL cannot even be stored).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string field, or "" for anything else (a repeated field reads as a list). */
const text = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value : "")),
  z.string(),
);

/**
 * An approve or reject: the item (`id`), for a revision the version the admin saw (`version`),
 * and an optional reason for a rejection. Checked in the browser and by the action.
 */
export const decisionSchema = z.object({
  intent: z.enum(DECISION_INTENTS, { error: MODERATION_MESSAGES.unknownAction }),
  id: text.check(z.regex(/^[1-9][0-9]{0,9}$/, MODERATION_MESSAGES.badId)),
  version: z.optional(text.check(z.maxLength(64, MODERATION_MESSAGES.badId))),
  reason: z.optional(
    z.pipe(
      text.check(z.maxLength(REASON_MAX, MODERATION_MESSAGES.reasonTooLong), z.refine((value) => !CONTROL.test(value), MODERATION_MESSAGES.reasonCharacters)),
      z.transform((value) => value.trim()),
    ),
  ),
});
export type DecisionErrors = Partial<Record<"intent" | "id" | "version" | "reason" | "form", string>>;

/* ----------------------------------------------------------------- page data */

export interface Person {
  id: string | null;
  username: string | null;
  email: string | null;
}

export interface DiffRow {
  field: string;
  label: string;
  current: unknown;
  proposed: unknown;
  /** False for a key a maker may not change: shown, never applied. */
  applies: boolean;
}

export interface RevisionItem {
  id: number;
  productId: number;
  productName: string;
  slug: string;
  productStatus: string;
  maker: Person;
  createdAt: string;
  /** The revision as the admin saw it (its last edit's time); a later edit makes the decision stale. */
  version: string;
  diff: DiffRow[];
}

/** How the claimer's e-mail domain relates to the product's website domain. */
export type DomainMatch = "same" | "subdomain" | "different" | "no-website";

export interface ClaimItem {
  id: number;
  productId: number;
  productName: string;
  slug: string;
  productStatus: string;
  websiteDomain: string | null;
  claimer: Person & { emailVerified: boolean };
  emailDomain: string | null;
  match: DomainMatch;
  createdAt: string;
}

/** One page of a queue, as every queue's loader answers it. */
export interface QueuePage<T> {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
}

export function compareDomains(emailDomain: string | null, websiteDomain: string | null): DomainMatch {
  if (!websiteDomain) return "no-website";
  if (!emailDomain) return "different";
  const email = emailDomain.toLowerCase();
  const site = websiteDomain.toLowerCase();
  if (email === site) return "same";
  return email.endsWith(`.${site}`) ? "subdomain" : "different";
}

export const DOMAIN_MATCH_LABELS: Record<DomainMatch, string> = {
  same: "Same domain",
  subdomain: "E-mail at a subdomain of the website",
  different: "Different domains",
  "no-website": "The product has no website",
};

/* ------------------------------------------- submissions and suggestions (decision 043) */

export const SUBMISSIONS_PAGE_SIZE = 10;
/** Pages beyond this are not asked for (a hostile `page` cannot make the database skip billions of rows). */
export const MAX_SUBMISSIONS_PAGE = 100_000;
/** One Delete Selected removes at most this many rows (a page holds 10). */
export const MAX_IDS = 100;

export const SUBMISSION_MESSAGES = {
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
const MESSAGES = SUBMISSION_MESSAGES;

/** A positive integer id written in plain digits, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id <= 2_147_483_647 ? id : null;
}

/** `?page=` of the submissions and suggestions queues: read as an id is, at most MAX_SUBMISSIONS_PAGE. */
export function parseSubmissionsPage(value: string | null): number {
  const page = parseId(value);
  return page === null ? 1 : Math.min(page, MAX_SUBMISSIONS_PAGE);
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
