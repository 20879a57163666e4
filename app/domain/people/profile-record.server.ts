/**
 * The profile row every signed-in request reads (the session user carries it): created on the
 * first sign-in, read by the session, "last active" kept roughly current. The profile feature
 * edits the rest.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { firstFreeUsername, usernameBase } from "./username-base";

const ProfileRow = z.object({
  id: col.text,
  username: col.text.nullable(),
  email: col.text.nullable(),
  avatar_url: col.text.nullable(),
  career: col.text.nullable(),
  last_active_at: col.text,
  created_at: col.text,
  updated_at: col.text,
});
export type Profile = z.output<typeof ProfileRow>;

/** Creates the profile of a new user unless it exists; the username is made unique. */
export async function ensureProfile(db: Database, person: { id: string; email: string }): Promise<void> {
  const base = usernameBase(person.email);
  const attempts = 8;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const taken = await selectRows(
      db,
      z.object({ username: col.text }),
      sql`select username from profiles where lower(username) like ${`${base.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`}`,
    );
    // After two collisions with concurrent sign-ins, random digits make a third unlikely.
    const start = attempt < 2 ? base : `${base}${crypto.randomInt(1000, 100000)}`;
    const username = firstFreeUsername(start, taken.map((row) => row.username));
    try {
      await db.execute(
        sql`insert into profiles (id, username, email) values (${person.id}, ${username}, ${person.email.toLowerCase()})
            on conflict (id) do nothing`,
      );
      return;
    } catch (error) {
      // Someone took the name between the read and the insert: read again.
      if (!isUniqueViolation(error) || attempt === attempts - 1) throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

export async function getProfile(db: Database, id: string): Promise<Profile | null> {
  const row = await selectRow(
    db,
    ProfileRow,
    sql`select id, username, email, avatar_url, career, last_active_at::text, created_at::text, updated_at::text
        from profiles where id = ${id}`,
  );
  return row ?? null;
}

/** Keeps "Last active" roughly current without writing on every request. */
export async function touchLastActive(db: Database, id: string): Promise<void> {
  await db.execute(
    sql`update profiles set last_active_at = now() where id = ${id} and last_active_at < now() - interval '5 minutes'`,
  );
}
