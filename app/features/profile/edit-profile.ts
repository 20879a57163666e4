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
