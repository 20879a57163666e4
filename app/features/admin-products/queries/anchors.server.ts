/**
 * Page anchors for deep pages of Manage Products (decision 037). An offset of 500,000 walks
 * 500,000 index entries; instead, for each filter combination this process keeps the (created_at,
 * id) key of every ANCHOR_EVERY-th row, and a page starting at row `start` seeks past the anchor
 * before it and skips fewer than ANCHOR_EVERY rows.
 *
 * Anchors are built lazily, only as far as a requested page (one walk over the index up to that
 * point, continued from the last anchor when a deeper page is asked for), and are dropped
 * - when the version changes: the count rows' transaction ids (list.server.ts), which change with
 *   every statement that adds, removes or re-files a product or a niche/subcategory link, on any
 *   instance (read in the same database, so no message can be missed);
 * - on any cache invalidation this process hears (an admin's edit, a bulk action, Clear Cache);
 * - after ANCHOR_TTL_MS, for the writes neither of the above sees (a statement whose net change
 *   to the counts is zero, such as one that only moves created_at, or renames products under a
 *   search).
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { onInvalidate } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";

/** Rows between anchors: a seek skips fewer than this many. */
export const ANCHOR_EVERY = 1_000;
/** Starts below this read a plain offset (cheap enough); anchors are built only beyond. */
export const ANCHOR_FROM = 5_000;
const ANCHOR_TTL_MS = 60_000;
/** Filter combinations kept (least recently used dropped first). */
const MAX_KEYS = 64;
/** One extension finds at most this many anchors (a deeper page continues on the next request). */
const MAX_EXTEND_ANCHORS = 2_000;

const AnchorRow = z.object({
  /** ISO 8601 with microseconds, as PostgreSQL writes it in JSON (exact, unlike a JS Date). */
  created_at: col.text,
  id: col.int,
});
export type Anchor = z.output<typeof AnchorRow>;

interface Entry {
  version: string;
  built: number;
  /** anchors[j] is the key of row (j + 1) * ANCHOR_EVERY - 1 (0-based), newest first. */
  anchors: Anchor[];
  /** True once the whole result has been walked (no more anchors to find). */
  complete: boolean;
}

let anchors: Map<string, Entry> | undefined;

function store(): Map<string, Entry> {
  if (!anchors) {
    const map = new Map<string, Entry>();
    anchors = map;
    onInvalidate(() => map.clear());
  }
  return anchors;
}

/** Drops every anchor (tests; an invalidation does the same). */
export function clearAnchors() {
  store().clear();
}

/** A key to seek past: SQL values (an anchor) or the columns of the previous step. */
export interface SeekKey {
  created_at: SQL;
  id: SQL;
}

/**
 * `keysAfter(after)` must return the view's keys (columns created_at, id) in the view's order, after
 * `after` (exclusive; from the start when null). Returns the anchor to seek past (null: from the
 * start) and the offset still to skip after it.
 */
export async function anchoredStart(
  db: Database,
  key: string,
  version: string,
  start: number,
  keysAfter: (after: SeekKey | null) => SQL,
): Promise<{ anchor: Anchor | null; offset: number }> {
  const map = store();
  const now = Date.now();
  let entry = map.get(key);
  if (!entry || entry.version !== version || now - entry.built > ANCHOR_TTL_MS) {
    entry = { version, built: now, anchors: [], complete: false };
  }
  map.delete(key);
  map.set(key, entry);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);

  const wanted = Math.floor(start / ANCHOR_EVERY);
  if (entry.anchors.length < wanted && !entry.complete) {
    const have = entry.anchors.length;
    const count = Math.min(MAX_EXTEND_ANCHORS, wanted - have);
    const found = await selectRows(db, AnchorRow, nextAnchors(keysAfter, entry.anchors[have - 1] ?? null, count));
    // A concurrent request may have extended the same entry meanwhile: keep the first result.
    if (entry.anchors.length === have) {
      entry.anchors.push(...found);
      if (found.length < count) entry.complete = true;
    }
  }
  const j = Math.min(wanted, entry.anchors.length);
  return j === 0 ? { anchor: null, offset: start } : { anchor: entry.anchors[j - 1]!, offset: start - j * ANCHOR_EVERY };
}

/**
 * The next `count` anchors after `last`: each step skips ANCHOR_EVERY - 1 keys of an index scan
 * from the previous anchor (one recursive query; as cheap as one offset over the same rows).
 */
function nextAnchors(keysAfter: (after: SeekKey | null) => SQL, last: Anchor | null, count: number): SQL {
  const from = last ? { created_at: sql`${last.created_at}::timestamptz`, id: sql`${last.id}::int` } : null;
  const skip = ANCHOR_EVERY - 1;
  return sql`with recursive a(n, created_at, id) as (
               (select 1, k.created_at, k.id from (${keysAfter(from)} offset ${skip} limit 1) k)
               union all
               (select a.n + 1, k.created_at, k.id
                  from a cross join lateral (${keysAfter({ created_at: sql`a.created_at`, id: sql`a.id` })} offset ${skip} limit 1) k
                 where a.n < ${count})
             )
             select to_json(a.created_at) #>> '{}' as created_at, a.id from a order by a.n`;
}
