/**
 * The profile's writes: onboarding's save and its "Skip for now", and Edit Profile's one-statement
 * update.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, profileTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import type { EditProfileValues } from "./profile";

export async function saveOnboarding(db: Database, id: string, values: { username: string; career: string | null }) {
  await db.execute(
    sql`update profiles set username = ${values.username}, career = ${values.career}, updated_at = clock_timestamp()
        where id = ${id}`,
  );
  await invalidate([profileTag(id)]);
}

/** Records "Skip for now": the sign-in stops offering onboarding. */
export async function skipOnboarding(db: Database, userId: string): Promise<void> {
  await db.execute(sql`update profiles set onboarding_skipped_at = coalesce(onboarding_skipped_at, now()) where id = ${userId}`);
}

/**
 * Edit Profile's save in one statement; a new avatar's URL replaces the old one (null keeps it).
 * Returns the avatar URL it replaced, for the caller to remove the old file; throws when the
 * profile is missing, or on a taken username (the unique index). The caller drops the cached
 * pages once the whole save (the avatar's files included) went through.
 */
export async function updateProfile(db: Database, userId: string, values: EditProfileValues, newAvatarUrl: string | null): Promise<string | null> {
  const row = await selectRow(
    db,
    z.object({ previous_avatar_url: col.text.nullable() }),
    sql`update profiles p
           set username = ${values.username},
               career = ${values.career},
               primary_niche_id = ${values.primaryNicheId},
               loved_niche_ids = ${intArray(values.favoriteNicheIds)},
               avatar_url = coalesce(${newAvatarUrl}, p.avatar_url),
               updated_at = clock_timestamp()
          from (select avatar_url from profiles where id = ${userId} for update) previous
         where p.id = ${userId}
     returning previous.avatar_url as previous_avatar_url`,
  );
  if (!row) throw new Error("profile not found");
  return row.previous_avatar_url;
}
