import { z } from "zod";

export const USERNAME_MESSAGE = "Username must be at least 3 characters";

/** Onboarding: username 3 to 50 characters (required), career optional. */
export const onboardingSchema = z.object({
  username: z
    .string({ error: USERNAME_MESSAGE })
    .trim()
    .min(3, USERNAME_MESSAGE)
    .max(50, "Username must be at most 50 characters"),
  career: z
    .string()
    .trim()
    .max(100, "Career must be at most 100 characters")
    .optional()
    .transform((value) => (value ? value : null)),
});

export type OnboardingErrors = Partial<Record<"username" | "career" | "form", string>>;
