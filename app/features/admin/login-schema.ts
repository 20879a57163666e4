import * as z from "zod/mini";
import { ADMIN_MESSAGES, PASSWORD_MIN_LENGTH } from "./messages";

/** Better Auth's default upper bound. */
export const PASSWORD_MAX_LENGTH = 128;

export const adminEmailSchema = z.pipe(
  z.string({ error: ADMIN_MESSAGES.invalidEmail }).check(z.trim(), z.toLowerCase()),
  z.email(ADMIN_MESSAGES.invalidEmail),
);

export const adminPasswordSchema = z
  .string({ error: ADMIN_MESSAGES.shortPassword })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.shortPassword),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/**
 * The Admin Portal's e-mail and password (Sign In and Create Super Admin), checked in the browser
 * (instant messages) and by the action (the authority).
 */
export const adminCredentialsSchema = z.object({ email: adminEmailSchema, password: adminPasswordSchema });
