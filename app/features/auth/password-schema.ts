import * as z from "zod/mini";
import {
  CURRENT_PASSWORD_REQUIRED,
  INVALID_EMAIL,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from "./password";

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
