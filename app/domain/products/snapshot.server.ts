/**
 * A product as stored, with its relations: what the forms show, what the audit compares and what
 * the writer (`save.server.ts`) reads before and after a write.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";

const orEmpty = <T extends z.ZodType>(schema: T) => z.array(schema).nullable().transform((v) => v ?? []);

const Snapshot = z.object({
  id: col.int,
  slug: col.text,
  status: col.text,
  type: col.text,
  product_name: col.text,
  headline: col.text.nullable(),
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  website_url: col.text.nullable(),
  logo_url: col.text.nullable(),
  video_url: col.text.nullable(),
  pricing: col.text,
  tags: orEmpty(col.text),
  has_coupon: col.bool,
  coupon_text: col.text.nullable(),
  coupon_code: col.text.nullable(),
  coupon_url: col.text.nullable(),
  /** `YYYY-MM-DD` (UTC) or null, like the dates below. */
  coupon_expiry_date: col.text.nullable(),
  is_advertised: col.bool,
  ad_start_date: col.text.nullable(),
  ad_end_date: col.text.nullable(),
  maker_comment: col.text.nullable(),
  submitter_id: col.text.nullable(),
  /** The main niche (product_subcategories.category_id) first, then by id. */
  niche_ids: orEmpty(col.int),
  subcategory_ids: orEmpty(col.int),
  /** Verified makers (pending claims are not the form's). */
  maker_ids: orEmpty(col.text),
});

export type ProductSnapshot = z.output<typeof Snapshot>;

const SNAPSHOT = sql`p.id, p.slug, p.status, p.type, p.product_name, p.headline, p.tagline, p.description, p.website_url,
  p.logo_url, p.video_url, p.pricing, p.tags, p.has_coupon, p.coupon_text, p.coupon_code, p.coupon_url,
  to_char(p.coupon_expiry_date at time zone 'UTC', 'YYYY-MM-DD') as coupon_expiry_date, p.is_advertised,
  to_char(p.ad_start_date at time zone 'UTC', 'YYYY-MM-DD') as ad_start_date,
  to_char(p.ad_end_date at time zone 'UTC', 'YYYY-MM-DD') as ad_end_date, p.maker_comment, p.submitter_id,
  array(select pn.niche_id from product_niches pn where pn.product_id = p.id
         order by pn.niche_id = (select ps.category_id from product_subcategories ps
                                  where ps.product_id = p.id and ps.category_id is not null limit 1) desc nulls last,
                  pn.niche_id) as niche_ids,
  array(select ps.subcategory_id from product_subcategories ps where ps.product_id = p.id order by ps.subcategory_id) as subcategory_ids,
  array(select pm.profile_id from product_makers pm where pm.product_id = p.id and pm.status = 'verified'
         order by pm.created_at, pm.profile_id) as maker_ids`;

/** The product with its relations, or null; `lock` takes a row lock (inside a transaction). */
export async function readProduct(db: Pick<Database, "execute">, id: number, lock = false): Promise<ProductSnapshot | null> {
  const row = await selectRow(db, Snapshot, sql`select ${SNAPSHOT} from products p where p.id = ${id} ${lock ? sql`for update of p` : sql``}`);
  return row ?? null;
}
