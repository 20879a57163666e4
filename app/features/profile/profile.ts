/**
 * The profile's client-safe part: the shapes the profile page's loader sends to its components,
 * its tabs, and the onboarding and Edit Profile forms' schemas, limits and messages (no `.server`:
 * the schemas also run in the browser, decision 031).
 */
import * as z from "zod/mini";
import type { Profile } from "~/domain/people/profile-record.server";
import type { ManagedProduct } from "~/domain/products/managed.server";

export interface NicheOption {
  id: number;
  name: string;
}

export interface EditProfileData {
  username: string;
  career: string;
  avatarUrl: string | null;
  primaryNicheId: number | null;
  favoriteNicheIds: number[];
  niches: NicheOption[];
  /** Changes on every save, so the form starts again from the saved values. */
  version: string;
}

/** A card of the My Products tab: the rows /my-products reads (app/domain/products/managed.server.ts). */
export type OwnProduct = ManagedProduct;

export const PROFILE_TABS = [
  { id: "bookmarks", label: "Saved" },
  { id: "activities", label: "My Activities" },
  { id: "products", label: "My Products" },
  { id: "edit", label: "Edit Profile" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["id"];

/** Other names of the tabs: the spec's /my-products links to `?tab=submit` for My Products. */
const TAB_ALIASES: Record<string, ProfileTab> = { submit: "products" };

/** The `tab` query value, with anything unknown meaning the default, Saved (bookmarks). */
export function parseProfileTab(value: string | null): ProfileTab {
  if (value && Object.hasOwn(TAB_ALIASES, value)) return TAB_ALIASES[value]!;
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? "bookmarks";
}

/** Spec: complete once it has a username and was saved after it was created. */
export function isProfileComplete(profile: Pick<Profile, "username" | "created_at" | "updated_at">): boolean {
  return !!profile.username && new Date(profile.updated_at).getTime() !== new Date(profile.created_at).getTime();
}

/* ---------------------------------------------------------------- Username */

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

/* ---------------------------------------------------------------- Onboarding */

export const CAREER_MAX_MESSAGE = "Career must be at most 100 characters";

/** Career: optional, at most 100 characters; blank is stored as null. */
export const careerSchema = z.pipe(
  z.optional(z.string({ error: CAREER_MAX_MESSAGE }).check(z.trim(), z.maxLength(100, CAREER_MAX_MESSAGE))),
  z.transform((value) => (value ? value : null)),
);

/**
 * The onboarding form, checked in the browser (instant messages) and by the action (the
 * authority): username 3 to 50 characters (required, see usernameSchema), career optional.
 */
export const onboardingSchema = z.object({ username: usernameSchema, career: careerSchema });

export type OnboardingErrors = Partial<Record<"username" | "career" | "form", string>>;

/* ---------------------------------------------------------------- Edit Profile */

/** Limits and messages shared by the Edit Profile form and its action (no zod: this ships to the browser). */
export const MAX_FAVORITE_NICHES = 5;
export const FAVORITES_MESSAGE = "You can only select up to 5 favorite categories";
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPE_MESSAGE = "Please upload an image file (JPEG, PNG, WebP or GIF).";
export const AVATAR_SIZE_MESSAGE = "Image must be 5 MB or smaller.";
export const USERNAME_TAKEN_MESSAGE = "This username is already taken.";
export const NICHE_MESSAGE = "Please choose a niche from the list.";
export const PROFILE_UPDATED_MESSAGE = "Profile Updated: Your profile has been successfully updated.";
export const PROFILE_SAVE_FAILED_MESSAGE = "Failed to update profile";
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export type EditProfileField = "username" | "career" | "primaryNicheId" | "favoriteNicheIds" | "avatar" | "form";
export type EditProfileErrors = Partial<Record<EditProfileField, string>>;

const nicheId = z.coerce
  .number({ error: NICHE_MESSAGE })
  .check(z.refine((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647, NICHE_MESSAGE));

/**
 * The Edit Profile form's text fields, checked in the browser (instant messages) and by its action
 * (the authority; the avatar is checked there by content). One ticked niche arrives as a value, more as a list.
 */
export const editProfileSchema = z.object({
  username: usernameSchema,
  career: careerSchema,
  primaryNicheId: z.pipe(
    z.transform((value): unknown => (value === "" || value === undefined ? null : value)),
    z.nullable(nicheId),
  ),
  favoriteNicheIds: z.pipe(
    z.transform((value): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    z.pipe(
      z.array(nicheId, { error: NICHE_MESSAGE }),
      z.pipe(
        z.transform((ids: number[]) => [...new Set(ids)]),
        z.array(z.number()).check(z.maxLength(MAX_FAVORITE_NICHES, FAVORITES_MESSAGE)),
      ),
    ),
  ),
});

export type EditProfileValues = z.output<typeof editProfileSchema>;
