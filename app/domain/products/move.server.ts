/**
 * The one status transition of products (decision 075): checks every move against the table in
 * `transitions.ts`, writes the new status and the caller's audit entry in the caller's transaction,
 * and returns the cache tags of the moved products for the caller to drop after the commit.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { productTag, type CacheTag } from "~/db/cache-bus.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, type Actor, type AuditEntry, type Writer } from "~/domain/audit/audit.server";
import { canMove, ProductMoveError, type Mover, type TargetStatus } from "./transitions";

export interface MovedProduct {
  id: number;
  slug: string;
  product_name: string;
  /** The status before the move. */
  from: string;
}

export interface Move {
  ids: readonly number[];
  to: TargetStatus;
  actor: Actor;
  /** Who moves (default admin): makers may only submit for review. */
  by?: Mover;
  /** The review note shown to the submitter; given (null clears it) or left as it is. */
  reason?: string | null;
  /** The audit entry for the moved products, in the caller's words; none when nothing moved. */
  audit: (moved: readonly MovedProduct[]) => AuditEntry;
}

export interface MoveResult {
  moved: MovedProduct[];
  /** The lists and each moved product's page. */
  cacheTags: CacheTag[];
}

const Locked = z.object({ id: col.int, slug: col.text, product_name: col.text, status: col.text });

/**
 * Moves the products `ids` to `to`. Products already there are left as they are (not moved, not
 * audited); unknown ids are skipped. A move the table does not allow throws ProductMoveError
 * before anything is written.
 */
export async function moveProducts(tx: Writer, move: Move): Promise<MoveResult> {
  if (!move.ids.length) return { moved: [], cacheTags: [] };
  const rows = await selectRows(
    tx,
    Locked,
    sql`select id, slug, product_name, status from products where id = any(${intArray(move.ids)}) order by id for update`,
  );
  const by = move.by ?? "admin";
  const refused = rows.filter((row) => !canMove(by, row.status, move.to));
  if (refused.length) throw new ProductMoveError(refused.map((row) => ({ id: row.id, from: row.status, to: move.to })));
  const moved = rows.filter((row) => row.status !== move.to).map(({ status, ...row }) => ({ ...row, from: status }));
  if (!moved.length) return { moved, cacheTags: [] };
  const note = move.reason === undefined ? sql`` : sql`, review_note = ${move.reason}`;
  await tx.execute(
    sql`update products set status = ${move.to}${note}, updated_at = now() where id = any(${intArray(moved.map((row) => row.id))})`,
  );
  await recordAudit(tx, move.actor, move.audit(moved));
  return { moved, cacheTags: ["lists", ...moved.map((row) => productTag(row.slug))] };
}
