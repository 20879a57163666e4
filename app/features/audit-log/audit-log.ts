/**
 * /admin/audit's filters (all in the URL) and the shapes the page shows. Pure: any query string,
 * however hostile, becomes a bounded, valid filter (or is ignored with a note), never an error.
 */

export const AUDIT_PAGE_SIZE = 25;
export const MAX_PAGE = 10_000;

export interface AuditFilters {
  action: string;
  entityType: string;
  entityId: string;
  actor: string;
  /** YYYY-MM-DD (UTC), inclusive. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { action: "", entityType: "", entityId: "", actor: "", from: "", to: "" };

/** The query-string names of the filters. */
export const FILTER_PARAMS: Record<keyof AuditFilters, string> = {
  action: "action",
  entityType: "entity",
  entityId: "id",
  actor: "actor",
  from: "from",
  to: "to",
};

const LIMITS: Record<keyof AuditFilters, number> = { action: 100, entityType: 100, entityId: 200, actor: 320, from: 10, to: 10 };

// Control and format characters (NUL cannot reach the database; the rest only hide what is searched).
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A filter's text: hidden characters dropped, lone surrogates replaced, trimmed, bounded. */
export function cleanText(value: string | null, max: number): string {
  if (!value) return "";
  const wellFormed = value.replace(LONE_SURROGATE, "\uFFFD").replace(HIDDEN, "").trim();
  // Cut by code points, so a pair is never split into a lone half.
  return Array.from(wellFormed).slice(0, max).join("");
}

/** A real calendar date written YYYY-MM-DD, from year 1970 to 9999. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface ParsedAuditQuery {
  filters: AuditFilters;
  page: number;
  /** Filters that were given but could not be used, with why (shown on the page). */
  ignored: string[];
}

export function parseAuditQuery(params: URLSearchParams): ParsedAuditQuery {
  const filters = { ...EMPTY_FILTERS };
  const ignored: string[] = [];
  for (const key of Object.keys(FILTER_PARAMS) as (keyof AuditFilters)[]) {
    const raw = params.get(FILTER_PARAMS[key]);
    const value = cleanText(raw, LIMITS[key] + (key === "from" || key === "to" ? 100 : 0));
    if ((key === "from" || key === "to") && value) {
      if (isDate(value)) filters[key] = value;
      else ignored.push(`${key === "from" ? "From" : "To"} date “${value.slice(0, 40)}” is not a date (YYYY-MM-DD)`);
      continue;
    }
    filters[key] = value;
  }
  const pageText = params.get("page");
  const page = pageText && /^[1-9][0-9]{0,4}$/.test(pageText) ? Math.min(Number(pageText), MAX_PAGE) : 1;
  return { filters, page, ignored };
}

/** The query string of a filtered view (empty filters left out), optionally at a page. */
export function auditSearch(filters: AuditFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_PARAMS) as (keyof AuditFilters)[]) {
    if (filters[key]) params.set(FILTER_PARAMS[key], filters[key]);
  }
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: AuditFilters): boolean {
  return Object.values(filters).some(Boolean);
}

export interface AuditEntryView {
  id: number;
  createdAt: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string | null;
  changes: unknown;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageCount: number;
  filters: AuditFilters;
  ignored: string[];
  /** The actions and entity types the log holds, for the filter menus. */
  actions: string[];
  entityTypes: string[];
}

export type FieldChange = { field: string; before: unknown; after: unknown };

/** `{ field: { before, after } }` as rows, or null when the changes have another shape (bulk ids...). */
export function fieldChanges(changes: unknown): FieldChange[] | null {
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  if (!entries.length) return [];
  const rows: FieldChange[] = [];
  for (const [field, value] of entries) {
    if (!value || typeof value !== "object" || Array.isArray(value) || !("before" in value) || !("after" in value)) return null;
    const pair = value as { before: unknown; after: unknown };
    rows.push({ field, before: pair.before, after: pair.after });
  }
  return rows;
}
