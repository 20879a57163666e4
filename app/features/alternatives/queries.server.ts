import { sql } from "drizzle-orm";
import { z } from "zod";
import { productTag } from "~/db/cache-bus.server";
import { cachedRead } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { plainNumber } from "~/domain/product-card.server";
import { publicProductAs, publicProductFilter } from "~/domain/public-product.server";
import { ALTERNATIVES_LIMIT, type Alternative, type AlternativesSubject } from "./alternatives";

/**
 * How much each kind of likeness weighs in an alternative's score (decision 084). A shared
 * subcategory says "does the same job" most directly; tags say it in finer words (a Jaccard
 * share, so a product with many tags does not win by having them); the tagline's words catch
 * products filed elsewhere that describe the same thing. Upvotes only break ties.
 */
const WEIGHTS = { subcategory: 3, tags: 4, text: 2 } as const;
/** Candidates per source, each taken from its own index, so a crowded subcategory costs what a small one does. */
const CANDIDATES = 400;

const SubjectRow = z.object({
  id: plainNumber,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  logo_url: col.text.nullable(),
});

const AlternativeRow = z.object({
  id: plainNumber,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  logo_url: col.text.nullable(),
  pricing: col.text,
  tags: col.texts,
  upvotes: plainNumber,
  shared_subcategories: col.texts,
  shared_tags: col.texts,
});

/** A live product by slug, as the head of its alternatives page, or undefined. */
export function alternativesSubject(slug: string): Promise<AlternativesSubject | undefined> {
  return cachedRead({
    key: `alternatives-subject:${slug}`,
    tags: [productTag(slug)],
    load: () =>
      selectRow(
        getDb(),
        SubjectRow,
        sql`select p.id, p.slug, p.product_name, p.tagline, p.logo_url from products p where p.slug = ${slug} and ${publicProductFilter}`,
      ),
  });
}

/**
 * The live products most like `subject`, best first: candidates share a subcategory or a tag
 * with it, or match its tagline's words; each is scored by what it shares (WEIGHTS), then by
 * upvotes. Cached until the subject changes or what is listed or counted does.
 */
export function findAlternatives(subject: Pick<AlternativesSubject, "id" | "slug">, limit = ALTERNATIVES_LIMIT): Promise<Alternative[]> {
  return cachedRead({
    key: `alternatives:${subject.slug}:${limit}`,
    tags: [productTag(subject.slug), "lists", "stats"],
    load: () => loadAlternatives(subject.id, limit),
  });
}

async function loadAlternatives(productId: number, limit: number): Promise<Alternative[]> {
  const rows = await selectRows(
    getDb(),
    AlternativeRow,
    sql`with subject as (
          select p.id, p.tags,
                 (select to_tsquery('simple', string_agg(quote_literal(word), ' | '))
                    from unnest(tsvector_to_array(to_tsvector('english', coalesce(p.tagline, '')))) word
                   where length(word) > 2) as words
            from products p where p.id = ${productId}
        ),
        subject_subcategories as (
          select sc.id, sc.name from product_subcategories ps
            join subcategories sc on sc.id = ps.subcategory_id and sc.status = 'published'
           where ps.product_id = ${productId}
        ),
        candidates as (
          (select ps.product_id as id from product_subcategories ps
            where ps.subcategory_id in (select id from subject_subcategories) and ps.product_id <> ${productId}
            limit ${CANDIDATES})
          union
          (select c.id from products c, subject
            where c.tags && subject.tags and c.id <> ${productId} and ${publicProductAs("c")}
            limit ${CANDIDATES})
          union
          (select c.id from products c, subject
            where subject.words is not null and c.search_vector @@ subject.words and c.id <> ${productId} and ${publicProductAs("c")}
            limit ${CANDIDATES})
        ),
        scored as (
          select p.id, p.slug, p.product_name, p.tagline, p.logo_url, p.pricing, p.tags,
                 coalesce(s.upvotes, 0)::int as upvotes,
                 array(select ss.name from subject_subcategories ss
                        join product_subcategories ps on ps.subcategory_id = ss.id and ps.product_id = p.id
                       order by ss.name) as shared_subcategories,
                 array(select t from unnest(p.tags) t where t = any(subject.tags) order by t) as shared_tags,
                 coalesce(ts_rank(p.search_vector, subject.words), 0) as text_rank,
                 cardinality(array(select unnest(p.tags) union select unnest(subject.tags))) as tag_union
            from candidates c
            join products p on p.id = c.id
            left join product_stats s on s.product_id = p.id
            cross join subject
           where ${publicProductFilter}
        )
        select id, slug, product_name, tagline, logo_url, pricing, tags, upvotes, shared_subcategories, shared_tags
          from scored
         order by ${WEIGHTS.subcategory} * least(cardinality(shared_subcategories), 2)
                + ${WEIGHTS.tags} * cardinality(shared_tags)::float / greatest(tag_union, 1)
                + ${WEIGHTS.text} * least(text_rank * 10, 1) desc,
                  upvotes desc, id
         limit ${limit}`,
  );
  return rows.map(({ shared_subcategories, shared_tags, ...card }) => ({
    ...card,
    sharedSubcategories: shared_subcategories,
    sharedTags: shared_tags,
  }));
}
