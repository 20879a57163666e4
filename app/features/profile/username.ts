import { z } from "zod";

export const USERNAME_MESSAGE = "Username must be at least 3 characters";
export const USERNAME_MAX_MESSAGE = "Username must be at most 50 characters";
export const USERNAME_CHARACTERS_MESSAGE = "Username cannot contain control, invisible or text-direction characters";

/**
 * Characters that hide or reorder what a username shows: controls, format characters
 * (zero-width spaces and joiners, bidirectional overrides and isolates, soft hyphen, BOM), line
 * and paragraph separators, and letters that render as nothing (Hangul fillers, the combining
 * grapheme joiner, variation selectors).
 */
// eslint-disable-next-line no-misleading-character-class
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0\ufe00-\ufe0f]/u;

/**
 * A username as stored: NFKC-normalised (so "ａｄｍｉｎ" and "𝕒𝕕𝕞𝕚𝕟" become "admin" and collide
 * with it in the case-insensitive uniqueness check), trimmed, 3 to 50 characters, nothing hidden.
 */
export const usernameSchema = z
  .string({ error: USERNAME_MESSAGE })
  // NFKC keeps every character HIDDEN names (it only folds look-alikes); checked before trimming,
  // which would quietly drop a leading byte-order mark.
  .transform((value) => value.normalize("NFKC"))
  .pipe(
    z
      .string()
      .refine((value) => !HIDDEN.test(value), USERNAME_CHARACTERS_MESSAGE)
      .trim()
      .min(3, USERNAME_MESSAGE)
      .max(50, USERNAME_MAX_MESSAGE),
  );

/** The spec's rule: the e-mail's local part with non-alphanumerics removed (3 to 50 characters). */
export function usernameBase(email: string): string {
  const local = (email.split("@")[0] ?? "").replace(/[^a-z0-9]/gi, "").slice(0, 44);
  return local.length >= 3 ? local : `user${local}`;
}

/** The first of base, base1, base2, … not in `taken` (compared without case). */
export function firstFreeUsername(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
