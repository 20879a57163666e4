/**
 * The error log behind the admin's Debug Tools (decision 041): each exception the server turned
 * into a 5xx answer, as method, path (no query string), status and the first line of its message
 * with anything that looks like a secret blotted out. Never a body, a header or a stack.
 *
 * Recording is fire and forget: callers do not await it, it never throws, it writes at most
 * ERROR_LOG_PER_MINUTE rows a minute per process (an error storm costs a few inserts, not one per
 * failing request) and keeps the newest ERROR_LOG_KEEP rows.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isDatabaseBusy, type Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";

export const ERROR_LOG_KEEP = 500;
export const ERROR_LOG_PER_MINUTE = 30;
export const ERROR_MESSAGE_MAX = 500;
const PATH_MAX = 300;
/** Only this much of a message is looked at: the scrubbing stays cheap whatever was thrown. */
const SCAN_MAX = 2000;

export interface ServerError {
  method: string;
  /** The request's path; a query string, if given, is dropped. */
  path: string;
  status: number;
  error: unknown;
}

export interface ErrorLogEntry {
  method: string;
  path: string;
  status: number;
  message: string;
}

export const REDACTED = "[redacted]";

/** Each pattern and its replacement, applied in order. */
const SECRET_PATTERNS: [RegExp, string][] = [
  // Credentials in a URL or connection string: scheme://user:password@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, `$1${REDACTED}@`],
  // A URL's query string may carry tokens.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)\?[^\s#]*/gi, `$1?${REDACTED}`],
  // Authorization schemes.
  [/\b(bearer|basic)\s+(?=[\w.~+/=-]{0,200}[\d=+/])[\w.~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  // key=value, key: value and "key":"value" for names that hold secrets.
  [
    /\b([\w-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|authorization|auth|cookie|session|credential|signature)[\w-]*)(["']?\s*[:=]\s*["']?)([^\s"',;&]+)/gi,
    `$1$2${REDACTED}`,
  ],
  // JSON Web Tokens.
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, REDACTED],
  // Long runs of letters and digits (keys, hashes, session ids).
  [/\b(?=[\w-]{0,200}\d)(?=[\w-]{0,200}[a-z])[\w-]{32,}/gi, REDACTED],
  // E-mail addresses are personal data, not needed to find a bug.
  [/[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi, "[email]"],
];

/** Blots out what looks like a password, token, key, connection string credential or e-mail. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Text PostgreSQL can store and a page can show: no NUL or control characters, no lone surrogates. */
function printable(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first line of what was thrown ("TypeError: x is undefined"), whatever its type. */
export function describeError(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error) {
      const message = String(error.message ?? "");
      text = error.name && error.name !== "Error" ? `${error.name}: ${message}` : message || "Error";
    } else if (error instanceof Response) {
      text = `Response ${error.status} ${error.statusText}`.trim();
    } else if (typeof error === "string") {
      text = error;
    } else if (error && typeof error === "object" && "status" in error) {
      // React Router's ErrorResponse without an inner error.
      const { status, statusText } = error as { status: unknown; statusText?: unknown };
      text = `${String(status)} ${typeof statusText === "string" ? statusText : ""}`.trim();
    } else {
      text = `Non-error value thrown (${error === null ? "null" : typeof error})`;
    }
  } catch {
    text = "Unreadable error";
  }
  const firstLine = text.slice(0, SCAN_MAX).split(/\r?\n/, 1)[0]!.trim();
  return firstLine || "Error";
}

/** The row to write for `event`: every field bounded, scrubbed and storable. */
export function errorLogEntry(event: ServerError): ErrorLogEntry {
  const method = /^[A-Za-z]{1,16}$/.test(event.method) ? event.method.toUpperCase() : "OTHER";
  const rawPath = String(event.path ?? "").split(/[?#]/, 1)[0]!.slice(0, SCAN_MAX);
  const path = truncate(printable(scrubSecrets(rawPath)), PATH_MAX) || "/";
  const status = Number.isInteger(event.status) && event.status >= 500 && event.status <= 599 ? event.status : 500;
  const message = truncate(printable(scrubSecrets(describeError(event.error))).trim(), ERROR_MESSAGE_MAX) || "Error";
  return { method, path, status, message };
}

interface Throttle {
  windowStart: number;
  count: number;
  dropped: number;
}

const minute: Throttle = { windowStart: 0, count: 0, dropped: 0 };

function throttle(): Throttle {
  return minute;
}

/** Whether one more row may be written in the current minute (and counts it). */
export function takeErrorLogSlot(now = Date.now()): boolean {
  const state = throttle();
  if (now - state.windowStart >= 60_000 || now < state.windowStart) {
    state.windowStart = now;
    state.count = 0;
  }
  if (state.count >= ERROR_LOG_PER_MINUTE) {
    state.dropped += 1;
    return false;
  }
  state.count += 1;
  return true;
}

/** For tests: a fresh minute. */
export function resetErrorLogThrottle() {
  const state = throttle();
  state.windowStart = 0;
  state.count = 0;
  state.dropped = 0;
}

/** Writes one row and drops all but the newest ERROR_LOG_KEEP. */
export async function writeErrorLog(db: Database, entry: ErrorLogEntry): Promise<void> {
  await db.execute(
    sql`insert into error_log (method, path, status, message) values (${entry.method}, ${entry.path}, ${entry.status}, ${entry.message})`,
  );
  await db.execute(
    sql`delete from error_log where id in (select id from error_log order by created_at desc, id desc offset ${ERROR_LOG_KEEP})`,
  );
}

/**
 * Records a server error; resolves to whether a row was written and never rejects. Callers do
 * not wait for it (`void recordServerError(...)`). A request refused because no database
 * connection came free is load, not a bug, and would only add to it: not recorded.
 */
export async function recordServerError(event: ServerError, db?: Database): Promise<boolean> {
  try {
    if (isDatabaseBusy(event.error)) return false;
    if (!takeErrorLogSlot()) return false;
    await writeErrorLog(db ?? getDb(), errorLogEntry(event));
    return true;
  } catch {
    // The log must never become the error: a failed write is forgotten.
    return false;
  }
}

const ErrorLogRow = z.object({
  id: col.text,
  method: col.text,
  path: col.text,
  status: col.int,
  message: col.text,
  /** ISO 8601. */
  created_at: col.text,
});
export type ErrorLogRow = z.output<typeof ErrorLogRow>;

/** The newest recorded errors first. */
export async function recentServerErrors(db: Pick<Database, "execute">, limit = 50): Promise<ErrorLogRow[]> {
  return selectRows(
    db,
    ErrorLogRow,
    sql`select id::text as id, method, path, status, message, to_json(created_at) #>> '{}' as created_at
          from error_log order by created_at desc, id desc limit ${Math.max(1, Math.min(limit, ERROR_LOG_KEEP))}`,
  );
}
