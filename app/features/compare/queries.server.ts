import { sql } from "drizzle-orm";
import { z } from "zod";
import { productTag } from "~/db/cache-bus.server";
import { cachedRead } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import { col, selectRows } from "~/db/rows.server";
import { textArray } from "~/db/sql-arrays";
import { plainNumber } from "~/domain/product-card.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { visibleFeedback } from "~/domain/reviews/reviews.server";
import type { ComparedProduct } from "./compare";

const ComparedRow = z.object({
  id: plainNumber,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  logo_url: col.text.nullable(),
  website_url: col.text.nullable(),
  pricing: col.text,
  tags: col.texts,
  upvotes: plainNumber,
  rating: col.number.nullable(),
  reviews: col.int,
  niches: col.texts,
  subcategories: col.texts,
});

/**
 * The live products with these slugs, as the comparison table shows them, in the order of
 * `slugs`; products that are not public are left out (the caller answers 404). Cached until any
 * of them changes or a count does.
 */
export function comparedProducts(slugs: readonly string[]): Promise<ComparedProduct[]> {
  return cachedRead({
    key: `compare:${slugs.join(",")}`,
    tags: [...slugs.map(productTag), "stats"],
    load: async () => {
      const rows = await selectRows(
        getDb(),
        ComparedRow,
        sql`select p.id, p.slug, p.product_name, p.tagline, p.logo_url, p.website_url, p.pricing, p.tags,
                   coalesce(s.upvotes, 0)::int as upvotes,
                   r.rating, coalesce(r.reviews, 0)::int as reviews,
                   array(select n.name from product_niches pn join niches n on n.id = pn.niche_id and n.status = 'published'
                          where pn.product_id = p.id order by n.name) as niches,
                   array(select sc.name from product_subcategories ps join subcategories sc on sc.id = ps.subcategory_id and sc.status = 'published'
                          where ps.product_id = p.id order by sc.name) as subcategories
              from products p
              left join product_stats s on s.product_id = p.id
              left join lateral (
                select round(avg(f.rating)::numeric, 1)::float8 as rating, count(*) as reviews
                  from product_feedback f
                 where f.product_id = p.id and f.parent_id is null and ${visibleFeedback}
              ) r on true
             where p.slug = any(${textArray(slugs)}) and ${publicProductFilter}`,
      );
      return slugs.flatMap((slug) => rows.filter((row) => row.slug === slug));
    },
  });
}
