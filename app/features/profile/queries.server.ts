/**
 * The profile's reads: the Edit Profile form's data, whether a username is taken, whether a
 * sign-in should lead to onboarding, the user's primary niche, and the My Products tab (the same
 * rows as /my-products' All Products: app/domain/products/managed.server.ts).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { listManagedProducts } from "~/domain/products/managed.server";
import { isProfileComplete, type EditProfileData, type NicheOption, type OwnProduct } from "./profile";

/** The profile's My Products tab: the products and suggestions the user manages, newest first. */
export function listOwnProducts(db: Database, userId: string, limit = 100): Promise<OwnProduct[]> {
  return listManagedProducts(db, userId, { limit });
}

export async function loadEditProfile(db: Database, userId: string): Promise<EditProfileData> {
  const [profile, niches] = await Promise.all([
    selectRow(
      db,
      z.object({
        username: col.text.nullable(),
        career: col.text.nullable(),
        avatar_url: col.text.nullable(),
        primary_niche_id: col.int.nullable(),
        loved_niche_ids: z.array(col.int),
        updated_at: col.text,
      }),
      sql`select username, career, avatar_url, primary_niche_id, loved_niche_ids, updated_at::text
          from profiles where id = ${userId}`,
    ),
    selectRows(db, z.object({ id: col.int, name: col.text }) satisfies z.ZodType<NicheOption>, sql`select id, name from niches where status = 'published' order by lower(name), id`),
  ]);
  const published = new Set(niches.map((niche) => niche.id));
  return {
    username: profile?.username ?? "",
    career: profile?.career ?? "",
    avatarUrl: profile?.avatar_url ?? null,
    primaryNicheId: profile?.primary_niche_id != null && published.has(profile.primary_niche_id) ? profile.primary_niche_id : null,
    favoriteNicheIds: (profile?.loved_niche_ids ?? []).filter((id) => published.has(id)),
    niches,
    version: profile?.updated_at ?? "",
  };
}

/** Which of these niches are published (the only ones a profile may name). */
export async function publishedNicheIds(db: Database, ids: number[]): Promise<Set<number>> {
  const found = await selectRows(db, z.object({ id: col.int }), sql`select id from niches where status = 'published' and id = any(${intArray(ids)})`);
  return new Set(found.map((row) => row.id));
}

export async function isUsernameTaken(db: Database, username: string, exceptId: string): Promise<boolean> {
  const rows = await selectRows(
    db,
    z.object({ id: col.text }),
    sql`select id from profiles where lower(username) = lower(${username}) and id <> ${exceptId} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Whether signing in should lead to onboarding: the user has no profile yet (the first sign-in,
 * before the session created it), or one that is neither complete nor skipped ("Skip for now").
 */
export async function shouldOfferOnboarding(db: Database, who: { userId: string } | { email: string }): Promise<boolean> {
  const match = "userId" in who ? sql`u.id = ${who.userId}` : sql`lower(u.email) = lower(${who.email})`;
  const row = await selectRow(
    db,
    z.object({
      has_profile: col.bool,
      username: col.text.nullable(),
      created_at: col.text.nullable(),
      updated_at: col.text.nullable(),
      skipped: col.bool,
    }),
    sql`select p.id is not null as has_profile, p.username, p.created_at::text, p.updated_at::text,
               p.onboarding_skipped_at is not null as skipped
        from "user" u left join profiles p on p.id = u.id where ${match} limit 1`,
  );
  if (!row) return false;
  if (!row.has_profile) return true;
  return !row.skipped && !isProfileComplete({ username: row.username, created_at: row.created_at!, updated_at: row.updated_at! });
}

/** The slug of the user's primary niche ("My Niche") while that niche is published, else null. */
export async function primaryNicheSlug(db: Database, userId: string): Promise<string | null> {
  const row = await selectRow(
    db,
    z.object({ slug: col.text }),
    sql`select n.slug from profiles p join niches n on n.id = p.primary_niche_id
         where p.id = ${userId} and n.status = 'published'`,
  );
  return row?.slug ?? null;
}
