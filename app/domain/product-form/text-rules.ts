/**
 * How a posted value is read (decision 031): text cleaned of controls and lone surrogates, lists
 * from repeated names, tags, ids, maker ids and dates. Pure; used by the fields and the form values.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls but tab, line feed and carriage return; DEL. PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * A posted value as text: anything but a string reads as empty, lone surrogates become U+FFFD,
 * control characters (NUL...) go, and a single-line value has its line breaks turned to spaces.
 */
export function cleanText(value: unknown, multiline = false): string {
  if (typeof value !== "string") return "";
  const text = value.replace(LONE_SURROGATE, "\uFFFD").replace(CONTROLS, "");
  return (multiline ? text : text.replace(/[\r\n\t\u2028\u2029]+/g, " ")).trim();
}

/** A posted value that may be given several times, as a list (a single value is a list of one). */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** The visible text of a description that may hold simple HTML (tags and entities out). */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Tags: trimmed, blanks dropped, duplicates (case-insensitive) ignored, at most 10 of at most 50 characters. */
export function normalizeFeatures(value: unknown): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of list(value)) {
    const tag = cleanText(item);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** Positive integer ids (as posted: strings), de-duplicated in order; anything else is left out. */
export function idList(value: unknown, max: number): number[] {
  const ids: number[] = [];
  for (const item of list(value)) {
    const text = typeof item === "number" ? String(item) : typeof item === "string" ? item.trim() : "";
    if (!/^[1-9][0-9]{0,9}$/.test(text)) continue;
    const id = Number(text);
    if (id > 2_147_483_647 || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length >= max) break;
  }
  return ids;
}

/** `YYYY-MM-DD` between 2000 and 2100, or empty (null). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Profile ids of makers (Better Auth ids: letters, digits, `-`, `_`), de-duplicated; anything else is left out. */
export function makerIds(value: unknown): string[] {
  const ids: string[] = [];
  for (const item of list(value)) {
    if (typeof item !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(item) || ids.includes(item)) continue;
    ids.push(item);
  }
  return ids;
}
