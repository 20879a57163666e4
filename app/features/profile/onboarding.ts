import { z } from "zod";
import { usernameSchema } from "./username";

/** Onboarding: username 3 to 50 characters (required, see usernameSchema), career optional. */
export const onboardingSchema = z.object({
  username: usernameSchema,
  career: z
    .string()
    .trim()
    .max(100, "Career must be at most 100 characters")
    .optional()
    .transform((value) => (value ? value : null)),
});

export type OnboardingErrors = Partial<Record<"username" | "career" | "form", string>>;
