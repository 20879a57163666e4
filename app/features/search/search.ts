/** What a search query becomes before it reaches the database. Client-safe, no I/O. */

/** Longer queries are cut: no product name or concept needs more, and every step stays bounded. */
export const MAX_QUERY_LENGTH = 200;
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 40;

/**
 * The query as searched: NFKC-normalised, whitespace collapsed to single spaces, control and
 * format characters (and broken surrogates) removed, trimmed, at most MAX_QUERY_LENGTH characters.
 * Null when nothing is left.
 */
export function normalizeQuery(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw
    .slice(0, MAX_QUERY_LENGTH * 4)
    .normalize("NFKC")
    .replace(/\s+/gu, " ")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
  const capped = Array.from(text).slice(0, MAX_QUERY_LENGTH).join("").trimEnd();
  return capped === "" ? null : capped;
}

/** Lower-case words of letters, digits and combining marks only: nothing tsquery could read as syntax. */
export function queryTokens(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  return [...new Set(words.filter((w) => w.length <= MAX_TOKEN_LENGTH))].slice(0, MAX_TOKENS);
}

/**
 * The catalogue's words for one thing, each searched as any of them: tags say `macos` where people
 * type "mac", lists say "e-book" and "ebook" alike. Small on purpose: only spellings of the same word,
 * never related ideas.
 */
const SPELLINGS: string[][] = [
  ["mac", "macos", "osx"],
  ["ebook", "e-book"],
  ["ebooks", "e-books"],
  ["todo", "to-do"],
  ["selfhosted", "self-hosted"],
];
const ALTERNATIVES = new Map(SPELLINGS.flatMap((group) => group.map((word) => [word, group] as const)));

/** Two typed words the catalogue writes as one: "e book" is "ebook", "to do" is "todo". */
const JOINED = new Set(["ebook", "ebooks", "todo", "selfhosted"]);

/** The query's words with split spellings joined ("to do list" -> todo, list). */
export function searchTerms(tokens: string[]): string[] {
  const terms: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const joined = `${tokens[i]}${tokens[i + 1] ?? ""}`;
    if (i + 1 < tokens.length && JOINED.has(joined)) {
      terms.push(joined);
      i++;
    } else terms.push(tokens[i]!);
  }
  return terms;
}

/** One term as tsquery text: the word, or `(mac | macos | osx)` for a word with other spellings. */
function termQuery(term: string, prefix = ""): string {
  const group = ALTERNATIVES.get(term);
  return group ? `(${group.map((word) => `${word}${prefix}`).join(" | ")})` : `${term}${prefix}`;
}

/**
 * `a & b & c` (or `|`), each word with its other spellings. A single word of 3+ letters is also a
 * prefix (`word:*`), for typing as you go; in longer queries it is not, because a prefix makes the
 * index read every posting of every word it matches, which for a common word is most of the catalogue.
 */
export function buildTsQuery(tokens: string[], operator: "&" | "|"): string | null {
  if (tokens.length === 0) return null;
  if (tokens.length === 1) return termQuery(tokens[0]!, tokens[0]!.length >= 3 ? ":*" : "");
  return tokens.map((token) => termQuery(token)).join(` ${operator} `);
}

/**
 * The words in the order typed, as one phrase (`a <-> b`): products that say them side by side
 * ("text to speech", not "speech to text") rank above those with the words scattered. Null for one word.
 */
export function buildPhraseQuery(tokens: string[]): string | null {
  return tokens.length < 2 ? null : tokens.join(" <-> ");
}

/**
 * All the words but one, whichever one (`(b & c) | (a & c) | (a & b)`), for three words or more:
 * "privacy friendly web analytics" finds privacy-first web analytics that never say "friendly",
 * before falling back to products with any single word. Null below three words.
 */
export function buildMostWordsQuery(tokens: string[]): string | null {
  if (tokens.length < 3) return null;
  return tokens.map((_, skip) => `(${tokens.filter((__, i) => i !== skip).map((t) => termQuery(t)).join(" & ")})`).join(" | ");
}

/**
 * The tags a query may name: every run of two or more consecutive words joined with hyphens, and
 * the whole query when it is one word, hyphenated and run together, each also with its last word's
 * plural or singular form ("password manager" -> password-manager, password-managers, passwordmanager...;
 * "e books" -> e-books, ebooks...).
 */
export function tagForms(tokens: string[]): string[] {
  const runs = tokens.length === 1 ? [tokens] : [];
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 2; end <= tokens.length; end++) runs.push(tokens.slice(start, end));
  }
  const forms = runs.flatMap((run) => {
    return [run.join("-"), ...(run.length > 1 ? [run.join("")] : [])].flatMap((tag) =>
      tag.endsWith("s") ? [tag, tag.slice(0, -1)] : [tag, `${tag}s`],
    );
  });
  return [...new Set(forms)];
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * How close a typed name is to a product name, 0..1: one minus the edit distance over the longer
 * length, also against the start of the name (a misspelt first word of a longer name).
 */
export function nameCloseness(typed: string, name: string): number {
  const q = typed.toLowerCase();
  const n = name.toLowerCase();
  const whole = 1 - editDistance(q, n) / Math.max(q.length, n.length, 1);
  const start = n.slice(0, q.length + 1);
  const head = 1 - editDistance(q, start) / Math.max(q.length, start.length, 1) - 0.15;
  return Math.max(0, whole, head);
}
