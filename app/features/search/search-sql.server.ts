/**
 * The statements behind searchProducts. Each one is bounded whatever the catalogue size: it reads
 * a fixed number of index entries or rows at most, never every match of a common word.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { plainNumber, productCardColumns } from "~/domain/product-card.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { escapeLike } from "./search";

/** Names starting with the query, looked at in byte order (shortest completions first). */
const PREFIX_SCAN = 300;
/** The most-upvoted products checked for a full-text match: common words are served from here. */
const POPULAR_SCAN = 500;
/** Fewer popular matches than this (a rarer word) and the full-text index is read too... */
const POPULAR_ENOUGH = 20;
/** ...for at most this many matches, in table order. */
const INDEX_MATCHES = 100;
/** Products whose name has a word one edit away from each query word, before ranking. */
const FUZZY_CANDIDATES = 200;
/** Products carrying a named tag, subcategory or niche, read through each one's index. */
const NAMED_CARRIERS = 200;

/** Rank groups, best first; within a group by score. */
export const TIER = { exact: 0, prefix: 1, named: 2, allWords: 3, typo: 4, mostWords: 5, anyWord: 6 } as const;
const tierSql = (tier: number) => sql.raw(String(tier));

/** Every search statement selects `plainNumber`/`float8`/`real` numbers: the cheap check (see `plainNumber`). */
export const HitRow = z.object({ id: plainNumber, tier: plainNumber, score: plainNumber });
export type HitRow = z.output<typeof HitRow>;

export const FuzzyRow = z.object({ id: plainNumber, name: z.string(), upvotes: plainNumber, similarity: plainNumber });

/** A product saying the query's words side by side, in order, outranks one with them scattered. */
const PHRASE_BONUS = 2;

/**
 * Text relevance (ts_rank: A name 1.0, B tagline/tags 0.4, C headline/description 0.2, normalised by
 * length), times PHRASE_BONUS when the words stand as a phrase, times a gentle popularity factor.
 * `floor` keeps products that carry a named tag without saying any query word in the ranking.
 */
function scoreSql(vector: SQL, upvotes: SQL, rankQuery: string, phraseQuery: string | null, floor = 0): SQL {
  const rank = sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${vector}, to_tsquery('english', ${rankQuery}), 1)`;
  const phrase = phraseQuery
    ? sql`(case when ${vector} @@ to_tsquery('english', ${phraseQuery}) then ${sql.raw(String(PHRASE_BONUS))} else 1 end)`
    : sql`1`;
  return sql`(${sql.raw(String(floor))} + ${rank}) * ${phrase} * (1 + 0.1 * ln(1 + ${upvotes}))`;
}

const nameC = sql.raw(`lower(p.product_name) collate "C"`);

/**
 * The exact name (case-insensitive), then names starting with the query: the most upvoted, and among
 * equals the shortest (the closest completion: "notio" is Notion before Notion AI). The score carries
 * both, since rankedIds sorts by it: the length counts for less than one upvote.
 */
export function nameMatches(query: string, cap: number): SQL {
  return sql`select n.id, n.tier, s.upvotes::float8 - least(n.len, 999) / 1000.0 as score
    from (select p.id, length(p.product_name) as len,
            case when ${nameC} = lower(${query}) then ${tierSql(TIER.exact)} else ${tierSql(TIER.prefix)} end as tier
          from products p
          where ${publicProductFilter} and ${nameC} like lower(${escapeLike(query)}) || '%'
          order by ${nameC} limit ${PREFIX_SCAN}) n
    join product_stats s on s.product_id = n.id
    order by n.tier, s.upvotes desc, n.len, n.id limit ${cap}`;
}

/**
 * Full-text matches (all the words, or with `|` any of them) ranked by weight (A name 1.0,
 * B tagline/tags 0.4, C headline/description 0.2, normalised by length) times a gentle popularity
 * factor. Candidates are the matches among the POPULAR_SCAN most-upvoted products and, only when
 * those are fewer than POPULAR_ENOUGH, up to INDEX_MATCHES more read through the GIN index: a word
 * in most products never costs more than a rare one (the index alone would read every posting).
 * The candidates do not depend on the page asked for, so pages never overlap or skip.
 */
export function fullTextMatches(tsQuery: string, cap: number, tier: number = TIER.allWords, phraseQuery: string | null = null): SQL {
  const query = sql`to_tsquery('english', ${tsQuery})`;
  // "offset 0" keeps the lateral subquery a per-row primary-key lookup: flattened into a join,
  // the planner may prefer to read every match of a rarer word from the heap instead.
  return sql`with popular as materialized (
      select p.id, p.search_vector, s.upvotes
      from (select product_id, upvotes from product_stats
            order by upvotes desc nulls last, product_id limit ${POPULAR_SCAN}) s
      cross join lateral (select p.id, p.search_vector from products p
        where p.id = s.product_id and ${publicProductFilter} and p.search_vector @@ ${query} offset 0) p
    ),
    indexed as materialized (
      select p.id, p.search_vector from products p
      where ${publicProductFilter} and p.search_vector @@ ${query}
        and (select count(*) from popular) < ${POPULAR_ENOUGH}
      limit ${INDEX_MATCHES}
    ),
    candidates as (
      select id, search_vector, upvotes from popular
      union all
      select i.id, i.search_vector, s.upvotes from indexed i join product_stats s on s.product_id = i.id
      where i.id not in (select id from popular)
    )
    select id, ${tierSql(tier)} as tier,
      ${scoreSql(sql`search_vector`, sql`upvotes`, tsQuery, phraseQuery)} as score
    from candidates order by score desc, id limit ${cap}`;
}

/**
 * Products carrying what the query names, ranked by how well their text matches any of its words
 * (`rankQuery`), blended with popularity like fullTextMatches. Named are: a tag equal to one of
 * `tags` (see tagForms), a subcategory whose every word (stemmed) is in the query ("password
 * manager" names Password Managers, "self-hosted password manager" too), a niche whose words are
 * exactly the query's. Candidates: the POPULAR_SCAN most-upvoted products that carry one, and up to
 * NAMED_CARRIERS more through each index (tags GIN, the link tables' btrees); the taxonomy tables
 * are small and read whole.
 */
export function namedMatches(query: string, tags: string[], rankQuery: string, phraseQuery: string | null, cap: number): SQL {
  const words = sql`tsvector_to_array(to_tsvector('english', ${query}))`;
  const lexemes = (column: SQL) => sql`tsvector_to_array(to_tsvector('english', ${column}))`;
  const tagArray = sql`${`{${tags.map((t) => `"${t}"`).join(",")}}`}::text[]`;
  const carries = sql`(p.tags && ${tagArray}
    or exists (select 1 from product_subcategories ps where ps.product_id = p.id and ps.subcategory_id in (select id from named_sub))
    or exists (select 1 from product_niches pn where pn.product_id = p.id and pn.niche_id in (select id from named_niche)))`;
  return sql`with named_sub as materialized (
      select id from subcategories where status = 'published'
        and cardinality(${lexemes(sql`name`)}) > 0 and ${lexemes(sql`name`)} <@ ${words}
    ),
    named_niche as materialized (
      select id from niches where status = 'published' and cardinality(${words}) > 0 and ${lexemes(sql`name`)} = ${words}
    ),
    carriers as materialized (
      (select s.product_id as id from (select product_id from product_stats
         order by upvotes desc nulls last, product_id limit ${POPULAR_SCAN}) s
       join products p on p.id = s.product_id where ${carries})
      union
      (select product_id from product_subcategories where subcategory_id in (select id from named_sub) limit ${NAMED_CARRIERS})
      union
      (select product_id from product_niches where niche_id in (select id from named_niche) limit ${NAMED_CARRIERS})
      union
      (select p.id from products p where p.tags && ${tagArray} and ${publicProductFilter} limit ${NAMED_CARRIERS})
    )
    select p.id, ${tierSql(TIER.named)} as tier,
      ${scoreSql(sql`p.search_vector`, sql`s.upvotes`, rankQuery, phraseQuery, 0.01)} as score
    from carriers c join products p on p.id = c.id join product_stats s on s.product_id = p.id
    where ${publicProductFilter}
    order by score desc, p.id limit ${cap}`;
}

/**
 * Typo candidates: names with a word within one edit of every query word of 3+ letters (the
 * products_name_keys_idx lookup), with their trigram similarity to the query.
 */
export function fuzzyCandidates(query: string, words: string[]): SQL {
  const keys = sql.raw(`toolnest_name_keys(p.product_name)`);
  const overlaps = words.map((word) => sql`${keys} && toolnest_name_keys(${word})`);
  return sql`select c.id, c.name, s.upvotes, similarity(c.name, lower(${query})) as similarity
    from (select p.id, lower(p.product_name) as name from products p
          where ${publicProductFilter} and ${sql.join(overlaps, sql` and `)}
          limit ${FUZZY_CANDIDATES}) c
    join product_stats s on s.product_id = c.id`;
}

export function cardsByIds(ids: number[]): SQL {
  return sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
    where ${publicProductFilter} and p.id = any(${`{${ids.join(",")}}`}::int[])`;
}
