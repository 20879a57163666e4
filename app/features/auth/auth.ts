/** The password screens' texts and form schemas (client-safe: no server imports). */
import * as z from "zod/mini";

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

/*
 * The password screens' forms, checked in the browser (instant messages) and by the actions (the
 * authority). Better Auth checks the length again when it stores a password.
 */

const emailSchema = z.pipe(
  z.string({ error: INVALID_EMAIL }).check(z.trim(), z.toLowerCase(), z.maxLength(254, INVALID_EMAIL)),
  z.email(INVALID_EMAIL),
);

export const forgotPasswordSchema = z.object({ email: emailSchema });

const newPasswordFields = {
  password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)),
  confirm: z._default(z.string({ error: PASSWORDS_DO_NOT_MATCH }), ""),
};

const passwordsMatch = z.refine<{ password: string; confirm: string }>((value) => value.password === value.confirm, {
  path: ["confirm"],
  message: PASSWORDS_DO_NOT_MATCH,
});

/** Any problem with the token means the link is not valid: its message is never shown. */
export const resetPasswordSchema = z
  .object({ token: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), ...newPasswordFields })
  .check(passwordsMatch);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .check(z.minLength(1, CURRENT_PASSWORD_REQUIRED), z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)),
    ...newPasswordFields,
  })
  .check(passwordsMatch);
