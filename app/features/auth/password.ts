/** Texts of the password screens (client-safe: no server imports). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const RESET_EMAIL_SENT = "Password Reset Email Sent";
export const RESET_EMAIL_SENT_DETAIL = "If an account exists for that address, we've sent a link to reset its password.";
export const INVALID_EMAIL = "Please enter a valid email address";
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password";
export const INVALID_RESET_LINK = "This reset link is invalid or has expired.";
export const RESET_EMAIL_FAILED = "Could not send reset email. Please try again.";
export const UPDATE_PASSWORD_FAILED = "Could not update password. Please try again.";
export const PASSWORD_UPDATED = "Password Updated";
export const NO_PASSWORD_ACCOUNT = "Your account signs in with Google, so it has no password here.";
export const RESET_RATE_LIMITED = "Too many password reset requests. Please wait a few minutes and try again.";
export const PASSWORD_RATE_LIMITED = "Too many attempts. Please wait a few minutes and try again.";

export type PasswordField = "email" | "currentPassword" | "password" | "confirm";
export type FieldErrors = Partial<Record<PasswordField, string>>;
