/** Suggest a resource: storing the suggestion (its record is written by domain/products). */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { insertSuggestion } from "~/domain/products/edits.server";
import { cut, HEADLINE_MAX } from "./suggest";

/** The same text from the same member within this window is the same suggestion (a double submit). */
const DUPLICATE_WINDOW = "1 minute";

export type Submitter = Pick<SessionUser, "id" | "email" | "name" | "profile">;

/**
 * Stores the suggestion: the spec's insert (product_name "Resource Suggestion", headline the
 * first 100 characters, tagline "User Suggestion", slug resource-suggestion-…, pending, the
 * submitter). A second copy of the same text from the same member within a minute is the same
 * submission (a double click, a resent form) and is not stored again; the per-member lock makes
 * that hold for two requests at once. Answers the suggestion's id and whether it is new.
 */
export async function createSuggestion(db: Database, submitter: Submitter, text: string): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`suggest:${submitter.id}`}))`);
    const duplicate = await selectRow(
      tx,
      z.object({ id: col.int }),
      sql`select id from products
          where submitter_id = ${submitter.id} and type = 'suggestion' and description = ${text}
            and created_at > now() - ${DUPLICATE_WINDOW}::interval
          limit 1`,
    );
    if (duplicate) return { id: duplicate.id, created: false };
    const id = await insertSuggestion(tx, {
      text,
      headline: cut(text, HEADLINE_MAX),
      slug: suggestionSlug(),
      submitter: { id: submitter.id, email: submitter.email, name: submitter.profile.username ?? submitter.name },
    });
    return { id, created: true };
  });
}

/** resource-suggestion-<milliseconds>-<random>: the spec's timestamp, unique within a millisecond too. */
export function suggestionSlug(now = Date.now()): string {
  return `resource-suggestion-${now}-${crypto.randomBytes(5).toString("hex")}`;
}
