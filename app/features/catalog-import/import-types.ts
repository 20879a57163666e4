/** What the import pages show (client-safe types). */
import type { ImportCounts } from "./import-counts";
import type { PreviewFilter } from "./import-forms";

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
