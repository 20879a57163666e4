/**
 * The products and suggestions a user manages: submitted, or verified maker of (a verified claim
 * included: `managedByAs`), any status but deleted, newest first. My Products (features/makers)
 * and the profile's My Products tab (features/profile) read these same rows (issue 36: the two
 * disagreed), so the read lives here rather than in either feature.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { managedByAs } from "~/domain/product-access.server";

export interface ManagedProduct {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  /** `product`, or `suggestion` (a suggested resource: no page of its own). */
  type: string;
  logo_url: string | null;
  website_url: string | null;
  created_at: string;
  /** A suggestion's text (its first 100 characters); null for products. */
  headline: string | null;
  /** A live product's edit is waiting for review. */
  pending_changes: boolean;
  /** The paid Spotlight placement's dates (issue 15), when the product is advertised. */
  promotion?: { start: string; end: string } | null;
  /** Why an administrator rejected the submission (rejected products only). */
  review_note?: string | null;
  /** The caller submitted it (else they are a verified maker: they edit it but do not delete it). */
  is_submitter: boolean;
}

const Row = z.object({
  id: col.int,
  product_name: col.text,
  slug: col.text,
  status: col.text,
  type: col.text,
  logo_url: col.text.nullable(),
  website_url: col.text.nullable(),
  created_at: col.text,
  is_submitter: col.bool,
  headline: col.text.nullable(),
  review_note: col.text.nullable(),
  pending_changes: col.bool,
  promotion: z.object({ start: col.text, end: col.text }).nullable(),
}) satisfies z.ZodType<ManagedProduct>;

export interface ManagedFilter {
  /** Only products of this status (My Products' Published and Drafts tabs); all of them when left out. */
  status?: "live" | "draft";
  limit: number;
}

export function listManagedProducts(db: Pick<Database, "execute">, userId: string, { status, limit }: ManagedFilter): Promise<ManagedProduct[]> {
  return selectRows(
    db,
    Row,
    sql`select p.id, p.product_name, p.slug, p.status, p.type, p.logo_url, p.website_url, p.created_at::text,
               p.submitter_id is not distinct from ${userId} as is_submitter,
               case when p.type = 'suggestion' then p.headline end as headline,
               case when p.status = 'rejected' then p.review_note end as review_note,
               exists (select 1 from product_revisions r where r.product_id = p.id and r.status = 'pending') as pending_changes,
               case when p.is_advertised and p.ad_start_date is not null and p.ad_end_date is not null
                    then json_build_object('start', to_json(p.ad_start_date) #>> '{}', 'end', to_json(p.ad_end_date) #>> '{}') end as promotion
          from products p
         where ${managedByAs("p", userId)} and p.status <> 'deleted' ${status ? sql`and p.status = ${status}` : sql``}
         order by p.created_at desc, p.id desc
         limit ${limit}`,
  );
}

/** Whether the user manages any product or suggestion at all (deleted ones left out). */
export async function managesAnyProduct(db: Pick<Database, "execute">, userId: string): Promise<boolean> {
  const any = await selectRow(
    db,
    z.object({ found: col.bool }),
    sql`select exists (select 1 from products p where ${managedByAs("p", userId)} and p.status <> 'deleted') as found`,
  );
  return any?.found === true;
}
