/**
 * The one writer of `listing_reports`: members file reports, an admin resolves a product's open
 * reports together. Each step is audited in its own transaction; e-mails go out after it commits.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type CacheTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { moveProducts } from "~/domain/products/move.server";
import { REPORT_REASONS, type ReportOutcome, type ReportReason } from "~/lib/constants";
import { reportableProduct } from "./queries.server";

export type FileResult = { kind: "not-found" } | { kind: "already-open" } | { kind: "filed"; productId: number };

/** Files the member's report of a live product; one open report per member and product. */
export async function fileReport(
  db: Database,
  input: { slug: string; actor: Actor; reason: ReportReason; note: string },
): Promise<FileResult> {
  return db.transaction(async (tx) => {
    const product = await reportableProduct(tx, input.slug);
    if (!product) return { kind: "not-found" };
    const filed = await selectRow(
      tx,
      z.object({ id: col.int }),
      sql`insert into listing_reports (product_id, user_id, reason, note)
          values (${product.id}, ${input.actor.id}, ${input.reason}, ${input.note})
          on conflict (product_id, user_id) where outcome is null do nothing
          returning id`,
    );
    if (!filed) return { kind: "already-open" };
    await recordAudit(tx, input.actor, {
      action: "report.file",
      entityType: "product",
      entityId: product.id,
      summary: product.product_name,
      changes: { report: filed.id, reason: input.reason },
    });
    return { kind: "filed", productId: product.id };
  });
}

/** Someone to tell what became of a report: a reporter, or a maker of the reported product. */
export interface ReportMailee {
  to: string;
  name: string | null;
}

export type ResolveResult =
  | { kind: "nothing-open" }
  | {
      kind: "resolved";
      product: { id: number; slug: string; product_name: string };
      reporters: (ReportMailee & { reason: ReportReason })[];
      /** The product's submitter and verified makers, when the listing changed because of the reports. */
      makers: ReportMailee[];
      cacheTags: CacheTag[];
    };

const OpenRow = z.object({
  id: col.int,
  reason: z.enum(REPORT_REASONS),
  email: col.text,
  name: col.text.nullable(),
  slug: col.text,
  product_name: col.text,
});
const MakerRow = z.object({ email: col.text, name: col.text.nullable() });

/**
 * Resolves every open report of the product with one outcome and the reason reporters read.
 * "unpublished" moves a live product to draft through the products' one status transition.
 */
export async function resolveReports(
  db: Database,
  input: { productId: number; outcome: ReportOutcome; resolution: string; actor: Actor },
): Promise<ResolveResult> {
  return db.transaction(async (tx) => {
    const open = await selectRows(
      tx,
      OpenRow,
      sql`select r.id, r.reason, u.email, coalesce(pr.username, u.name) as name, p.slug, p.product_name
            from listing_reports r
            join "user" u on u.id = r.user_id
            left join profiles pr on pr.id = r.user_id
            join products p on p.id = r.product_id
           where r.product_id = ${input.productId} and r.outcome is null
           order by r.id
           for update of r`,
    );
    if (!open.length) return { kind: "nothing-open" };
    const product = { id: input.productId, slug: open[0]!.slug, product_name: open[0]!.product_name };
    const ids = open.map((row) => row.id);
    let cacheTags: CacheTag[] = [];
    if (input.outcome === "unpublished") {
      const moved = await moveProducts(tx, {
        ids: [product.id],
        to: "draft",
        actor: input.actor,
        reason: null,
        audit: () => ({
          action: "product.unpublish",
          entityType: "product",
          entityId: product.id,
          summary: product.product_name,
          changes: { because: "reports", reports: ids, resolution: input.resolution },
        }),
      });
      cacheTags = moved.cacheTags;
    }
    await tx.execute(
      sql`update listing_reports set outcome = ${input.outcome}, resolution = ${input.resolution}, decided_at = now(), decided_by = ${input.actor.id}
           where id = any(${intArray(ids)})`,
    );
    await recordAudit(tx, input.actor, {
      action: "reports.resolve",
      entityType: "product",
      entityId: product.id,
      summary: `${product.product_name}: ${input.outcome}`,
      changes: { outcome: input.outcome, resolution: input.resolution, reports: ids },
    });
    const makers =
      input.outcome === "dismissed"
        ? []
        : await selectRows(
            tx,
            MakerRow,
            sql`select distinct u.email, coalesce(pr.username, u.name) as name
                  from products p
                  join "user" u on u.id = p.submitter_id or u.id in (select pm.profile_id from product_makers pm where pm.product_id = p.id and pm.status = 'verified')
                  left join profiles pr on pr.id = u.id
                 where p.id = ${product.id}`,
          );
    return {
      kind: "resolved",
      product,
      reporters: open.map(({ email, name, reason }) => ({ to: email, name, reason })),
      makers: makers.map(({ email, name }) => ({ to: email, name })),
      cacheTags,
    };
  });
}
