import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { niches, products } from "~/db/schema";
import { intArray } from "~/db/sql-arrays";
import { isPublicProduct, publicProductFilter } from "~/domain/public-product.server";
import { memo } from "../memo.server";

const Ref = z.object({ id: col.int, name: col.text, slug: col.text });
const CountedRow = Ref.extend({ count: col.int });
export type NicheRef = z.output<typeof Ref>;
export type CountedRef = z.output<typeof CountedRow>;

export { AI_CATEGORY_NAME, AI_CATEGORY_SLUG } from "../catalog";
const AI_SUBCATEGORY_PATTERN = "(^|[^a-z])(ai|llm|mlops)([^a-z]|$)|machine learning";

const COUNTS_TTL = 60_000;

export async function getPublishedNiche(slug: string): Promise<(NicheRef & { description: string | null }) | undefined> {
  const [row] = await getDb()
    .select({ id: niches.id, name: niches.name, slug: niches.slug, description: niches.description })
    .from(niches)
    .where(and(eq(niches.slug, slug), eq(niches.status, "published")));
  return row;
}

export async function getPublishedSubcategory(
  slug: string,
): Promise<(NicheRef & { is_parent: boolean; parent_id: number | null; childIds: number[] }) | undefined> {
  const row = await selectRow(
    getDb(),
    z.object({
      ...Ref.shape,
      is_parent: col.bool,
      parent_id: col.int.nullable(),
      child_ids: z.array(col.int).nullable(),
    }),
    sql`select s.id, s.name, s.slug, s.is_parent, s.parent_id,
          (select array_agg(c.id) from subcategories c where c.parent_id = s.id and c.status = 'published') as child_ids
        from subcategories s where s.slug = ${slug} and s.status = 'published'`,
  );
  if (!row) return undefined;
  const { child_ids, ...rest } = row;
  return { ...rest, childIds: child_ids ?? [] };
}

/** Published subcategories that make up the AI pseudo-category. */
export function aiSubcategoryIds(): Promise<number[]> {
  return memo("ai-subcategories", COUNTS_TTL, async () => {
    const rows = await selectRows(
      getDb(),
      z.object({ id: col.int }),
      sql`select id from subcategories where status = 'published' and lower(name) ~ ${AI_SUBCATEGORY_PATTERN} order by id`,
    );
    return rows.map((r) => r.id);
  });
}

/** Published niches with at least one live product, by name, with their counts. */
export function nichesWithCounts(options: { subcategoryIds?: number[] } = {}): Promise<CountedRef[]> {
  const ids = options.subcategoryIds;
  const key = `niches:${ids?.join(",") ?? "all"}`;
  return memo(key, COUNTS_TTL, async () => {
    const scope = ids
      ? sql`and exists (select 1 from product_subcategories ps where ps.product_id = p.id and ps.subcategory_id = any(${intArray(ids)}))`
      : sql``;
    return selectRows(
      getDb(),
      CountedRow,
      sql`select n.id, n.name, n.slug, count(*)::int as count
          from niches n join product_niches pn on pn.niche_id = n.id
          join products p on p.id = pn.product_id and ${publicProductFilter}
          where n.status = 'published' ${scope}
          group by n.id order by n.name`,
    );
  });
}

/**
 * Published subcategories with live products, by name: those linked to a niche (counting its
 * products there), or all parent subcategories.
 */
export function subcategoriesWithCounts(nicheId?: number): Promise<CountedRef[]> {
  return memo(`subcategories:${nicheId ?? "all"}`, COUNTS_TTL, async () => {
    const scope =
      nicheId === undefined
        ? sql`s.is_parent`
        : sql`exists (select 1 from niche_subcategories ns where ns.subcategory_id = s.id and ns.niche_id = ${nicheId})
              and exists (select 1 from product_niches pn where pn.product_id = p.id and pn.niche_id = ${nicheId})`;
    return selectRows(
      getDb(),
      CountedRow,
      sql`select s.id, s.name, s.slug, count(*)::int as count
          from subcategories s join product_subcategories ps on ps.subcategory_id = s.id
          join products p on p.id = ps.product_id and ${publicProductFilter}
          where s.status = 'published' and ${scope}
          group by s.id order by s.name`,
    );
  });
}

export function countLiveProducts(): Promise<number> {
  return memo("live-count", COUNTS_TTL, async () => {
    const [row] = await getDb().select({ n: count() }).from(products).where(isPublicProduct);
    return row?.n ?? 0;
  });
}

/** A published subcategory of a published niche, with the live products it and its children hold there. */
const NicheSubcategoryRow = CountedRow.extend({ niche_id: col.int, parent_id: col.int.nullable() });
export type NicheSubcategoryCount = z.output<typeof NicheSubcategoryRow>;

/**
 * Every (niche, subcategory) pair of the sidebar's tree with its count of live products in that
 * niche, a parent counting each product of its own and of its children once (what its page lists).
 * Pairs without live products are left out. One query for all niches, memoised like the other
 * counts and dropped by every list invalidation (a product's status, niches or subcategories).
 */
export function nicheSubcategoryCounts(): Promise<NicheSubcategoryCount[]> {
  return memo("niche-subcategory-counts", COUNTS_TTL, () =>
    selectRows(
      getDb(),
      NicheSubcategoryRow,
      sql`with placed as (
            select distinct pn.niche_id, t.top_id, p.id as product_id
            from products p
            join product_niches pn on pn.product_id = p.id
            join product_subcategories ps on ps.product_id = p.id
            join subcategories s on s.id = ps.subcategory_id and s.status = 'published'
            cross join lateral (values (s.id), (s.parent_id)) as t(top_id)
            where ${publicProductFilter} and t.top_id is not null
          )
          select ns.niche_id, s.id, s.name, s.slug, s.parent_id, count(*)::int as count
          from placed
          join niche_subcategories ns on ns.niche_id = placed.niche_id and ns.subcategory_id = placed.top_id
          join niches n on n.id = ns.niche_id and n.status = 'published'
          join subcategories s on s.id = ns.subcategory_id and s.status = 'published'
          group by ns.niche_id, s.id
          order by s.name`,
    ),
  );
}

/** Which table an old slug (taxonomy_slug_redirects, decision 045) belongs to. */
export type TaxonKind = "niche" | "subcategory";

/** The current slug of the published niche or subcategory that used to answer to `slug`. */
export async function renamedSlug(kind: TaxonKind, slug: string): Promise<string | undefined> {
  const target = kind === "niche" ? sql.raw("niches") : sql.raw("subcategories");
  const row = await selectRow(
    getDb(),
    z.object({ slug: col.text }),
    sql`select t.slug from taxonomy_slug_redirects r join ${target} t on t.id = r.target_id and t.status = 'published'
         where r.kind = ${kind} and r.old_slug = ${slug}`,
  );
  return row?.slug;
}
