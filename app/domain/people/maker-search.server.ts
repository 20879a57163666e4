/**
 * Finding people to add as a product's makers (admin form, maker wizard): profiles whose username
 * contains the text, 5 at most, and for admins also 5 whose e-mail contains it, merged without
 * duplicates (spec: "ilike on username and on email, up to 5 each"). E-mail addresses are never
 * matched nor returned for anyone but an admin. LIKE wildcards in the text are matched literally.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { textArray } from "~/db/sql-arrays";
import type { MakerOption } from "~/domain/product-form/taxonomy";

export type { MakerOption } from "~/domain/product-form/taxonomy";

export const MAKER_SEARCH_MIN = 2;
export const MAKER_SEARCH_MIN_MESSAGE = "Type at least 2 characters to search for users.";
export const MAKER_SEARCH_FAILED = "Failed to search for users. Please try again.";
const PER_FIELD = 5;
const QUERY_MAX = 100;

type Reader = Pick<Database, "execute">;

/** `email` is selected only for admins: absent, not null, otherwise. */
const MakerRow = z.object({ id: col.text, username: col.text.nullable(), avatar_url: col.text.nullable(), email: col.text.nullable().optional() });

/** The search text: controls and lone surrogates out, trimmed, at most 100 characters; null when under 2. */
export function searchText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F]/g, "")
    .trim()
    .slice(0, QUERY_MAX)
    .trim();
  return [...text].length >= MAKER_SEARCH_MIN ? text : null;
}

/** `%text%` for LIKE with `\`, `%` and `_` escaped (PostgreSQL's default escape is the backslash). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * Up to 5 profiles by username and, when `includeEmail` (the caller is an admin), up to 5 by
 * e-mail, merged in that order without duplicates. `text` must come from `searchText`.
 */
export async function searchMakers(text: string, options: { includeEmail: boolean }, db: Reader = getDb()): Promise<MakerOption[]> {
  const pattern = containsPattern(text);
  const byUsername = await selectRows(
    db,
    MakerRow,
    sql`select id, username, avatar_url ${options.includeEmail ? sql`, email` : sql``}
          from profiles
         where lower(username) like ${pattern} escape '\\'
         order by lower(username) = ${text.toLowerCase()} desc, char_length(username), lower(username), id
         limit ${PER_FIELD}`,
  );
  if (!options.includeEmail) return byUsername;
  const byEmail = await selectRows(
    db,
    MakerRow,
    sql`select id, username, avatar_url, email
          from profiles
         where lower(email) like ${pattern} escape '\\'
         order by lower(email) = ${text.toLowerCase()} desc, char_length(email), lower(email), id
         limit ${PER_FIELD}`,
  );
  const seen = new Set(byUsername.map((maker) => maker.id));
  return [...byUsername, ...byEmail.filter((maker) => !seen.has(maker.id))];
}

/** The profiles of these ids (a product's makers, for the picker's chips), in the given order. */
export async function makerProfiles(ids: string[], options: { includeEmail: boolean }, db: Reader = getDb()): Promise<MakerOption[]> {
  if (!ids.length) return [];
  const rows = await selectRows(
    db,
    MakerRow,
    sql`select id, username, avatar_url ${options.includeEmail ? sql`, email` : sql``} from profiles where id = any(${textArray(ids)})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
