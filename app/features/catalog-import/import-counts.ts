/**
 * The counts of a CSV import, named alike on every screen (issue 36, item 11): the upload's answer,
 * the mapping page and the progress page all say "ready", "need a niche", "duplicates", "with
 * problems" and "excluded", each defined once (the SQL is in import-counts.server.ts). Client-safe.
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
