/**
 * The Suggest page's form (checked in the browser and again by the action), its messages, and the
 * path that brings a signed-out visitor back to the form with their text after signing in.
 */
import * as z from "zod/mini";

export const SUGGESTION_MAX = 2_000;
export const HEADLINE_MAX = 100;

export const SUGGESTION_REQUIRED = "Please enter a suggestion";
export const SUGGESTION_TOO_LONG = `Please keep your suggestion under ${SUGGESTION_MAX.toLocaleString("en-US")} characters`;
export const SUGGESTION_FAILED = "Failed to submit suggestion. Please try again.";
export const SUGGESTION_THANKS = "Thank you for your suggestion! Our team will review it shortly.";
export const SUGGESTION_SIGN_IN = "Please sign in to submit your suggestion.";

/** Where a suggestion sends its author: their products, where it now shows as pending. */
export const AFTER_SUGGESTION = "/my-products?tab=products";
/** The spec's pause between the thank-you toast and that page. */
export const AFTER_SUGGESTION_DELAY_MS = 1_500;

/**
 * The text as stored: line breaks as "\n" (a form posts a textarea's breaks as "\r\n", which
 * would count twice against the limit the browser's own counter shows), trimmed, not blank.
 */
export const suggestionSchema = z.object({
  text: z.string({ error: SUGGESTION_REQUIRED }).check(
    z.overwrite((value) => value.replace(/\r\n?/g, "\n")),
    z.trim(),
    z.minLength(1, SUGGESTION_REQUIRED),
    z.maxLength(SUGGESTION_MAX, SUGGESTION_TOO_LONG),
  ),
});

export type SuggestErrors = Partial<Record<"text" | "form", string>>;

/** What the action answers a form that asked to stay on the page (the page then toasts and moves on). */
export type SuggestResult = { ok: true } | { ok: false; errors: SuggestErrors };

/**
 * The name of the hidden field the hydrated form adds: with it the action answers data and the
 * page shows the toast before moving on; without it (no JavaScript) the action redirects.
 */
export const STAY_FIELD = "stay";

/** Sign-in honours return paths of at most this length (domain/auth/redirect-path.ts). */
const RETURN_PATH_MAX = 2_048;
const FORM_PATH = "/submit";

/**
 * `/submit?text=…&text=…` (one value per line) for coming back after sign-in: sign-in refuses a
 * path whose decoded form holds control characters, line breaks included, so lines travel as
 * separate values and tabs as spaces. The text is cut (at a character boundary) where the path
 * would pass what sign-in keeps, so a long suggestion still comes back, shortened, instead of the
 * whole path being dropped for "/".
 */
export function resumePath(text: string): string {
  const clean = cut(text, SUGGESTION_MAX)
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");
  if (!clean.trim()) return FORM_PATH;
  let path = FORM_PATH;
  for (const [index, line] of clean.split("\n").entries()) {
    let next = `${path}${index ? "&" : "?"}text=`;
    if (next.length > RETURN_PATH_MAX) break;
    for (const character of line) {
      const encoded = new URLSearchParams({ t: character }).toString().slice(2);
      if (next.length + encoded.length > RETURN_PATH_MAX) return next;
      next += encoded;
    }
    path = next;
  }
  return path;
}

/** The text a return path carries, never more than the form accepts. */
export function resumedText(url: URL): string {
  return cut(url.searchParams.getAll("text").join("\n"), SUGGESTION_MAX);
}

/** The first `max` UTF-16 units (what the browser's maxLength counts), never half a character. */
export function cut(text: string, max: number): string {
  const kept = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}
