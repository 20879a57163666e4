/**
 * Places a synthetic catalogue in the demo taxonomy and times the public list pages (page 1 and
 * page 500, with and without filters, in the daily shuffled order) and the product page loader.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { encodeCursor } from "../app/features/catalog/cursor.server";
import { listProducts } from "../app/features/catalog/queries/list.server";
import { firstUpvoters, getPublicProduct, similarProducts, spotlight } from "../app/features/catalog/queries/product.server";
import { catalogDir } from "../app/domain/catalog-dir.server";
import { currentShuffleDay } from "../app/features/catalog/mutations/shuffle.server";
import { timeMany, type Timing } from "./stats";

/** Seeds the 14 niches and 146 subcategories (no products) and links every product to 1-2 of each. */
export async function placeInTaxonomy(db: Database, log: (line: string) => void = () => {}) {
  // The demo seed refuses a non-empty database, so load the taxonomy alone from its JSON.
  const taxonomy = JSON.parse(fs.readFileSync(path.join(catalogDir, "taxonomy.json"), "utf8")) as {
    niche: string;
    slug: string;
    subcategories: { name: string; slug: string }[];
  }[];
  for (const niche of taxonomy) {
    const [n] = await queryRows<{ id: number }>(
      db,
      sql`insert into niches (name, slug) values (${niche.niche}, ${niche.slug}) on conflict (slug) do update set name = excluded.name returning id`,
    );
    for (const sub of niche.subcategories) {
      const [s] = await queryRows<{ id: number }>(
        db,
        sql`insert into subcategories (name, slug, is_parent) values (${sub.name}, ${sub.slug}, true)
            on conflict (slug) do update set name = excluded.name returning id`,
      );
      await db.execute(sql`insert into niche_subcategories values (${n!.id}, ${s!.id}) on conflict do nothing`);
    }
  }
  const started = performance.now();
  // Every product in one subcategory (and its niche); a third also in a second one.
  await db.execute(sql`
    with subs as (select row_number() over (order by s.id) as k, s.id as sub, ns.niche_id as niche
                  from subcategories s join niche_subcategories ns on ns.subcategory_id = s.id),
         total as (select count(*) as c from subs),
         picks as (
           select p.id, 1 + (hashint4(p.id) & 2147483647) % (select c from total) as a,
                  case when p.id % 3 = 0 then 1 + (hashint4(p.id * 7 + 1) & 2147483647) % (select c from total) end as b
           from products p)
    insert into product_subcategories (product_id, subcategory_id, category_id)
    select picks.id, subs.sub, subs.niche from picks join subs on subs.k in (picks.a, picks.b)
    on conflict do nothing`);
  await db.execute(sql`
    insert into product_niches (product_id, niche_id)
    select distinct ps.product_id, ns.niche_id from product_subcategories ps
    join niche_subcategories ns on ns.subcategory_id = ps.subcategory_id
    on conflict do nothing`);
  await db.execute(sql`analyze product_niches`);
  await db.execute(sql`analyze product_subcategories`);
  log(`  placed products in the taxonomy (${Math.round((performance.now() - started) / 1000)} s)`);
}

async function cursorAtDepth(db: Database, day: string, freshSince: string, depth: number, where: ReturnType<typeof sql>) {
  // The rank of the depth-th listed product: what a visitor's cursor holds after `depth` items.
  const [row] = await queryRows<{ rank: number }>(
    db,
    sql`select r.rank from product_daily_ranks r join products p on p.id = r.product_id
        where r.day = ${day} and p.status = 'live' and p.type = 'product' and p.created_at < ${freshSince}::timestamptz ${where}
        order by r.rank offset ${depth - 1} limit 1`,
  );
  return row ? encodeCursor({ p: "r", d: day, f: freshSince, r: row.rank }) : null;
}

export async function runListBench(db: Database, { iterations = 200 } = {}): Promise<Timing[]> {
  const shuffle = await currentShuffleDay(db);
  const freshSince = shuffle.freshSince.toISOString();
  const niches = await queryRows<{ id: number; n: number }>(
    db,
    sql`select niche_id as id, count(*)::int as n from product_niches group by niche_id order by n desc`,
  );
  const subs = await queryRows<{ id: number }>(
    db,
    sql`select subcategory_id as id from product_subcategories group by subcategory_id having count(*) > 10100 order by id`,
  );
  const tags = await queryRows<{ tag: string }>(
    db,
    sql`select t as tag from (select unnest(tags) t from products where id % 50 = 0) x group by t having count(*) > 300 order by count(*) desc limit 20`,
  );
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const deepAll = await cursorAtDepth(db, shuffle.day, freshSince, 500 * 20, sql``);
  const deepNiche = new Map<number, string | null>();
  for (const n of niches.filter((x) => x.n > 10_100).slice(0, 5)) {
    deepNiche.set(n.id, await cursorAtDepth(db, shuffle.day, freshSince, 500 * 20, sql`and exists (select 1 from product_niches pn where pn.product_id = p.id and pn.niche_id = ${n.id})`));
  }
  const deepNicheIds = [...deepNiche.keys()];
  const timings: Timing[] = [];
  timings.push(await timeMany("list: all, page 1", iterations, () => listProducts({}, { limit: 20 })));
  if (deepAll) timings.push(await timeMany("list: all, page 500", iterations, () => listProducts({}, { limit: 20, cursor: deepAll })));
  timings.push(await timeMany("list: niche, page 1", iterations, (i) => listProducts({ nicheId: pick(niches, i).id }, { limit: 20 })));
  if (deepNicheIds.length) {
    timings.push(
      await timeMany("list: niche, page 500", iterations, (i) => {
        const id = pick(deepNicheIds, i);
        return listProducts({ nicheId: id }, { limit: 20, cursor: deepNiche.get(id)! });
      }),
    );
  }
  if (subs.length) {
    timings.push(await timeMany("list: subcategory, page 1", iterations, (i) => listProducts({ subcategoryIds: [pick(subs, i).id] }, { limit: 20 })));
  }
  if (tags.length) timings.push(await timeMany("list: tag, page 1", iterations, (i) => listProducts({ tag: pick(tags, i).tag }, { limit: 20 })));

  const slugs = await queryRows<{ slug: string }>(
    db,
    sql`select slug from products where status = 'live' and type = 'product' and id % 97 = 0 limit 500`,
  );
  timings.push(
    await timeMany("product page loader", iterations, async (i) => {
      const product = await getPublicProduct(pick(slugs, i).slug);
      if (!product) throw new Error("missing product");
      await Promise.all([similarProducts(product, 4), spotlight(4), firstUpvoters(product)]);
    }),
  );
  return timings;
}
