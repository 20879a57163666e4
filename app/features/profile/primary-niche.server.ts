import { sql } from "drizzle-orm";
import { z } from "zod";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { getOptionalUser } from "~/domain/auth/session.server";

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

/**
 * Home for a signed-in user who chose "My Niche" is that niche: throws the redirect. Requests
 * without a session cookie (the only ones the page cache serves) return at once.
 */
export async function redirectToPrimaryNiche(request: Request, context?: unknown): Promise<void> {
  const user = await getOptionalUser(request, context);
  if (!user) return;
  const slug = await primaryNicheSlug(getDb(), user.id);
  if (slug) throw redirect(`/niche/${encodeURIComponent(slug)}`);
}
