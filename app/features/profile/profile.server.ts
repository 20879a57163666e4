import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, profileTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import type { Profile } from "~/domain/people/profile-record.server";

/** Spec: complete once it has a username and was saved after it was created. */
export function isProfileComplete(profile: Pick<Profile, "username" | "created_at" | "updated_at">): boolean {
  return !!profile.username && new Date(profile.updated_at).getTime() !== new Date(profile.created_at).getTime();
}

export async function isUsernameTaken(db: Database, username: string, exceptId: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    z.object({ id: col.text }),
    sql`select id from profiles where lower(username) = lower(${username}) and id <> ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

export async function saveOnboarding(db: Database, id: string, values: { username: string; career: string | null }) {
  await db.execute(
    sql`update profiles set username = ${values.username}, career = ${values.career}, updated_at = clock_timestamp()
        where id = ${id}`,
  );
  await invalidate([profileTag(id)]);
}
