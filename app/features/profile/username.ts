import * as z from "zod/mini";

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
export const usernameSchema = z.string({ error: USERNAME_MESSAGE }).check(
  // NFKC keeps every character HIDDEN names (it only folds look-alikes); checked before trimming,
  // which would quietly drop a leading byte-order mark.
  z.normalize("NFKC"),
  z.refine((value) => !HIDDEN.test(value), USERNAME_CHARACTERS_MESSAGE),
  z.trim(),
  z.minLength(3, USERNAME_MESSAGE),
  z.maxLength(50, USERNAME_MAX_MESSAGE),
);
