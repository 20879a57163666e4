/**
 * The CSV import's client-safe part: what the import pages show, the mapping page's forms and an
 * import's counts, shared by the components and the server. The file format is in csv-format.ts.
 */
import * as z from "zod/mini";

/* ------------------------------------------------------------------ The mapping page's forms */
// One schema per intent, shared by the page and its action (decision 031).

const id = z.pipe(
  z.string().check(z.regex(/^\d{1,9}$/, "Choose from the list")),
  z.transform((v) => Number(v)),
);
const optionalId = z.pipe(
  z.optional(z.string().check(z.regex(/^(\d{1,9})?$/, "Choose from the list"))),
  z.transform((v) => (v ? Number(v) : null)),
);

/** A niche ("" keeps the file's own values) and an optional subcategory. */
const placement = {
  niche: optionalId,
  subcategory: optionalId,
};

export const mapAllSchema = z.object({ intent: z.literal("map-all"), ...placement });
export const mapGroupSchema = z.object({ intent: z.literal("map-group"), group: z.string().check(z.maxLength(300)), ...placement });
export const mapRowSchema = z.object({ intent: z.literal("map-row"), row: id, ...placement });
export const excludeSchema = z.object({
  intent: z.enum(["exclude", "include"]),
  row: id,
});
/** The import form: what the products become is part of it (issue 36, item 8); `confirmed` answers the confirmation step. */
export const proceedSchema = z.object({
  intent: z.literal("proceed"),
  status: z.enum(["live", "draft"], "Choose Published or Draft"),
  confirmed: z.optional(z.literal("yes")),
});
export const discardSchema = z.object({ intent: z.literal("discard") });
/** Discard from the imports list: which import. */
export const discardListSchema = z.object({ intent: z.literal("discard"), import: id });

export const PREVIEW_FILTERS = ["all", "ready", "no-niche", "duplicates", "problems", "excluded"] as const;
export type PreviewFilter = (typeof PREVIEW_FILTERS)[number];

/* ------------------------------------------------------------------ Counts */

/**
 * The counts of a CSV import, named alike on every screen (issue 36, item 11): the upload's answer,
 * the mapping page and the progress page all say "ready", "need a niche", "duplicates", "with
 * problems" and "excluded", each defined once (the SQL is in queries/counts.server.ts). Client-safe.
 *
 * Every staged row is in exactly one class, taken in this order:
 * - excluded: left out by an admin on the mapping page;
 * - with problems: a value the import refuses (the row's validation messages);
 * - duplicates: repeats an earlier row of the file, or a product already in the catalogue;
 * - need a niche: importable, but no niche from the mapping (all rows, its group, the row) nor from the file;
 * - ready: importable with a niche.
 * Rows that need a niche may be imported as drafts, never live (ruling "CSV rows without a niche").
 */
export interface ImportCounts {
  total: number;
  ready: number;
  noNiche: number;
  duplicates: number;
  problems: number;
  excluded: number;
}

export const COUNT_LABELS = {
  ready: "ready",
  noNiche: "need a niche",
  duplicates: "duplicates",
  problems: "with problems",
  excluded: "excluded",
} as const satisfies Record<Exclude<keyof ImportCounts, "total">, string>;

const n = (value: number) => value.toLocaleString("en");

/** "1,333 ready, 1 need a niche, 11 duplicates, 0 with problems, 1 excluded": the same words on every screen. */
export function countsSentence(counts: ImportCounts): string {
  const parts = [`${n(counts.ready)} ${COUNT_LABELS.ready}`];
  if (counts.noNiche)
    parts.push(`${n(counts.noNiche)} ${COUNT_LABELS.noNiche}`);
  parts.push(
    `${n(counts.duplicates)} ${COUNT_LABELS.duplicates}`,
    `${n(counts.problems)} ${COUNT_LABELS.problems}`,
    `${n(counts.excluded)} ${COUNT_LABELS.excluded}`,
  );
  return parts.join(", ");
}

/**
 * Rows the import button offers to write: the ready rows and those without a niche. As drafts
 * they all go; live, the server refuses while any has no niche (the button still says what was
 * asked, and the page says why it will be refused).
 */
export function importableRows(counts: ImportCounts): number {
  return counts.ready + counts.noNiche;
}

/** Importing more live products than this asks for a confirmation first. */
export const CONFIRM_LIVE_ABOVE = 100;

/** The import button names its outcome: "Import 1,333 as drafts", "Publish 1,333 now". */
export function importButtonLabel(
  count: number,
  status: "live" | "draft",
): string {
  if (status === "draft")
    return count === 1 ? "Import 1 as a draft" : `Import ${n(count)} as drafts`;
  return `Publish ${n(count)} now`;
}

/** Why a live import is refused while rows have no niche. */
export function noNicheMessage(noNiche: number): string {
  return `${noNiche === 1 ? "1 row has" : `${n(noNiche)} rows have`} no niche: a published product must show on a category page. Give ${noNiche === 1 ? "it" : "them"} a niche (for all rows, a group or the row) above, or import as drafts.`;
}

/* ------------------------------------------------------------------ What the pages show */

export type ImportState = "uploading" | "mapping" | "queued" | "running" | "completed" | "cancelled" | "failed" | "discarded" | "expired";

export interface ImportSummary {
  id: number;
  fileName: string;
  fileBytes: number;
  state: ImportState;
  error: string | null;
  adminEmail: string;
  productStatus: "live" | "draft";
  rowsTotal: number;
  rowsValid: number;
  rowsInvalid: number;
  rowsEmpty: number;
  rowsDuplicate: number;
  rowsToImport: number;
  rowsDone: number;
  rowsImported: number;
  rowsSkipped: number;
  rowsFailed: number;
  warnings: string[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** /admin/imports: a page of past imports, newest first. */
export interface ImportsPage {
  rows: ImportSummary[];
  page: number;
  pageCount: number;
}

export interface Option {
  id: number;
  name: string;
}

/** A subcategory the mapping page offers: those under the chosen niche are listed. */
export interface SubcategoryChoice extends Option {
  nicheIds: number[];
}

export interface PlacementChoice {
  nicheId: number | null;
  subcategoryId: number | null;
}

export interface ImportGroup {
  key: string;
  niche: string;
  subcategory: string;
  rows: number;
  choice: PlacementChoice;
}

export interface PreviewRow {
  row: number;
  productName: string;
  websiteUrl: string;
  placement: string;
  choice: PlacementChoice | null;
  problems: string[];
  excluded: boolean;
  /** Importable, but no niche from the mapping or the file: a draft only. */
  needsNiche: boolean;
}

export interface MappingPageData {
  summary: ImportSummary;
  niches: Option[];
  subcategories: SubcategoryChoice[];
  all: PlacementChoice;
  groups: ImportGroup[];
  groupsNotShown: number;
  rows: PreviewRow[];
  filter: PreviewFilter;
  page: number;
  pages: number;
  matching: number;
  counts: ImportCounts;
}

export interface ProgressData {
  summary: ImportSummary;
  /** Rows per second so far, time left in seconds (null until it can be told). */
  rate: number | null;
  secondsLeft: number | null;
  elapsedSeconds: number | null;
  /** Each row's outcome, counted once the import has ended (null while it runs). */
  outcomes: { imported: number; duplicates: number; problems: number; excluded: number; notProcessed: number } | null;
  /** Rows in the rejected-rows file: duplicates, with problems and excluded. */
  rejected: number;
}

export const ACTIVE_STATES: ImportState[] = ["queued", "running"];

export const STATE_LABELS: Record<ImportState, string> = {
  uploading: "Uploading",
  mapping: "Awaiting mapping",
  queued: "Queued",
  running: "Importing",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
  discarded: "Discarded",
  expired: "Expired",
};

/** States the imports list offers Discard for (nothing imported yet). */
export const DISCARDABLE: ImportState[] = ["mapping", "expired"];

/** What staging an upload found: its import id and the rows read, valid, invalid, empty and repeated. */
export interface StagedUpload {
  id: number;
  rows: number;
  valid: number;
  invalid: number;
  empty: number;
  duplicates: number;
  warnings: string[];
}
