import * as z from "zod/mini";
import { usernameSchema } from "./username";

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
