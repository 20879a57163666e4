import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { cachedRead } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import type { ProductCard } from "~/domain/product-card";
import { queryCards } from "~/domain/product-card.server";
import { buildMostWordsQuery, buildPhraseQuery, buildTsQuery, nameCloseness, normalizeQuery, queryTokens, searchTerms, tagForms } from "./search";
import {
  cardsByIds,
  fullTextMatches,
  fuzzyCandidates,
  nameMatches,
  namedMatches,
  TIER,
  FuzzyRow,
  HitRow,
} from "./search-sql.server";

export { MAX_QUERY_LENGTH, normalizeQuery } from "./search";

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
/** How deep paging goes: offset + limit never reaches past this many results. */
export const MAX_SEARCH_RESULTS = 500;
/** Fewer results than this (and no exact name) and names within one edit per word are added. */
const FUZZY_BELOW = 5;
const FUZZY_MIN_WORD = 3;

export interface SearchOptions {
  limit?: number;
  offset?: number;
}

export interface SearchResult {
  items: ProductCard[];
  /** The normalised query that was searched ("" for a blank one). */
  query: string;
  /** Offset of the next page, or null when this page is the last. */
  nextOffset: number | null;
}

type Hit = HitRow;

/**
 * Ranked search over live products, in tiers: the exact name (case-insensitive); names starting
 * with the query; products with all the words (name > tagline/tags > headline/description,
 * blended with upvotes); when no product has the exact name and either fewer than five were found
 * or no product has all the words, names with a word one typo away from each query word; last,
 * when no product has all the words, products with all of them but one (three words or more),
 * then products with any of them. Every statement is bounded and
 * served by an index (see search-sql.server.ts).
 */
export async function searchProducts(q: string, options: SearchOptions = {}): Promise<SearchResult> {
  const query = normalizeQuery(q);
  const limit = clampInt(options.limit ?? DEFAULT_SEARCH_LIMIT, 1, MAX_SEARCH_LIMIT);
  const offset = clampInt(options.offset ?? 0, 0, MAX_SEARCH_RESULTS);
  if (!query || offset >= MAX_SEARCH_RESULTS) return { items: [], query: query ?? "", nextOffset: null };
  // Kept like the lists (decision 055): a product write drops it ("lists"), and so does an upvote,
  // which moves both the ranking and the counts shown ("stats"). On the embedded database a search
  // is four statements, most of a search page's time.
  return cachedRead({ key: `search:${limit}:${offset}:${query}`, tags: ["lists", "stats"], ttlMs: SEARCH_TTL_MS, load: () => search(query, limit, offset) });
}

const SEARCH_TTL_MS = 60_000;

async function search(query: string, limit: number, offset: number): Promise<SearchResult> {
  const db = getDb();
  await ensureStatistics(db);
  const want = Math.min(offset + limit, MAX_SEARCH_RESULTS);
  // One more than the page shows (is there a next page?), and enough to tell "fewer than five".
  const cap = Math.max(want + 1, FUZZY_BELOW);
  const tokens = queryTokens(query);
  const terms = searchTerms(tokens);

  const andQuery = buildTsQuery(terms, "&");
  const orQuery = buildTsQuery(terms, "|");
  const phrase = buildPhraseQuery(tokens);
  const tags = [...new Set([...tagForms(tokens), ...tagForms(terms)])];
  const hits = await runHits(db, [
    nameMatches(query, cap),
    ...(andQuery && orQuery ? [namedMatches(query, tags, orQuery, phrase, cap), fullTextMatches(andQuery, cap, TIER.allWords, phrase)] : []),
  ]);
  const exact = hits.some((h) => h.tier === TIER.exact);
  const allWordsFound = terms.length < 2 || hits.some((h) => h.tier === TIER.allWords);
  const words = tokens.filter((t) => t.length >= FUZZY_MIN_WORD);
  if (!exact && words.length > 0 && (!allWordsFound || rankedIds(hits).length < FUZZY_BELOW)) {
    hits.push(...(await fuzzyMatches(db, query, words)));
  }
  if (!allWordsFound) {
    const mostWords = buildMostWordsQuery(terms);
    hits.push(
      ...(await runHits(db, [
        ...(mostWords ? [fullTextMatches(mostWords, cap, TIER.mostWords, phrase)] : []),
        fullTextMatches(orQuery!, cap, TIER.anyWord, phrase),
      ])),
    );
  }
  const ids = rankedIds(hits);

  return {
    items: await cardsInOrder(db, ids.slice(offset, want)),
    query,
    nextOffset: ids.length > want && want < MAX_SEARCH_RESULTS ? want : null,
  };
}

function clampInt(value: number, min: number, max: number) {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;
}

async function runHits(db: Database, parts: SQL[]): Promise<Hit[]> {
  const union = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  return selectRows(db, HitRow, sql`select id, tier, score from (${union}) hits`);
}

/** Ids in rank order, each once (its best tier wins). */
function rankedIds(hits: Hit[]): number[] {
  const sorted = [...hits].sort((a, b) => a.tier - b.tier || b.score - a.score || a.id - b.id);
  return [...new Set(sorted.map((h) => h.id))];
}

/** Tier 3: closeness to the typed name (edit distance or trigram similarity) x popularity. */
async function fuzzyMatches(db: Database, query: string, words: string[]): Promise<Hit[]> {
  const rows = await selectRows(db, FuzzyRow, fuzzyCandidates(query, words));
  return rows.map((row) => ({
    id: row.id,
    tier: TIER.typo,
    score: Math.max(nameCloseness(query, row.name), row.similarity) * (1 + 0.1 * Math.log1p(row.upvotes)),
  }));
}

async function cardsInOrder(db: Database, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await queryCards(db, cardsByIds(ids))).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The embedded database has no autovacuum: until products are analysed once, the planner knows
 * nothing of word frequencies and scans instead of using the search indexes, and every search
 * reads the full-text index's whole pending list. Done once, the first time a database is searched.
 */
const analysed = new WeakSet<object>();
async function ensureStatistics(db: Database) {
  if (analysed.has(db)) return;
  analysed.add(db);
  const row = await selectRow(
    db,
    z.object({ analysed: col.bool }),
    sql`select exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'products') as analysed`,
  );
  if (row?.analysed) return;
  // Either may be refused (a read-only replica, a role that does not own the table): searching
  // still works, only slower.
  await db.execute(sql`select gin_clean_pending_list('products_search_idx'::regclass)`).catch(() => {});
  await db.execute(sql`analyze products, product_stats`).catch(() => {});
}
