import * as z from "zod/mini";
import { FAVORITES_MESSAGE, MAX_FAVORITE_NICHES, NICHE_MESSAGE } from "./edit-profile";
import { careerSchema } from "./onboarding";
import { usernameSchema } from "./username";

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
