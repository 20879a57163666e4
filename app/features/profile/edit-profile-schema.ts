import { z } from "zod";
import { FAVORITES_MESSAGE, MAX_FAVORITE_NICHES, NICHE_MESSAGE } from "./edit-profile";
import { onboardingSchema } from "./onboarding";

const nicheId = z.coerce.number({ error: NICHE_MESSAGE }).int(NICHE_MESSAGE).positive(NICHE_MESSAGE).max(2_147_483_647, NICHE_MESSAGE);

/** The Edit Profile form's text fields, checked by its action (the avatar is checked by content). */
export const editProfileSchema = z.object({
  username: onboardingSchema.shape.username,
  career: onboardingSchema.shape.career,
  primaryNicheId: z.preprocess((value) => (value === "" || value === undefined ? null : value), nicheId.nullable()),
  favoriteNicheIds: z
    .array(nicheId, { error: NICHE_MESSAGE })
    .default([])
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.number()).max(MAX_FAVORITE_NICHES, FAVORITES_MESSAGE)),
});

export type EditProfileValues = z.output<typeof editProfileSchema>;
