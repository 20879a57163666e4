/**
 * Which status moves a product may make, and who may make them (decision 075). The statuses are
 * the schema's `products_status_check` (PRODUCT_STATUSES). Pure: the writer (`move.server.ts`,
 * `save.server.ts`) checks every status change against it before writing.
 */
import type { ProductStatus } from "~/lib/constants";

/** Who moves: an admin (bulk actions, the queues, the admin form) or a maker (the wizard). */
export type Mover = "admin" | "maker";

/** The statuses a product can be moved to; `deleted` (hidden by moderation) is never a target. */
export type TargetStatus = Exclude<ProductStatus, "deleted">;

/**
 * Allowed moves by mover, from a status to the statuses it may go to. Staying in the same status
 * is not a move (nothing to check, nothing written).
 *  - admin: to live (publish), draft (move to draft, approve a submission), rejected (reject),
 *    pending (the admin form's status) from any status;
 *  - maker: submits a draft or a rejected product for review (pending); nothing else: a live
 *    product's edits wait in a revision, and only an admin publishes or rejects.
 */
export const PRODUCT_MOVES: Record<Mover, Partial<Record<ProductStatus, readonly TargetStatus[]>>> = {
  admin: {
    draft: ["pending", "live", "rejected"],
    pending: ["draft", "live", "rejected"],
    live: ["draft", "pending", "rejected"],
    rejected: ["draft", "pending", "live"],
    deleted: ["draft", "pending", "live", "rejected"],
  },
  maker: {
    draft: ["pending"],
    rejected: ["pending"],
  },
};

/** Whether `by` may move a product from `from` to `to` (the same status is always fine: no move). */
export function canMove(by: Mover, from: string, to: string): boolean {
  if (from === to) return true;
  return (PRODUCT_MOVES[by][from as ProductStatus] ?? []).includes(to as TargetStatus);
}

/** Refused status change: thrown before anything is written, so the caller's transaction is unchanged. */
export class ProductMoveError extends Error {
  constructor(readonly refused: readonly { id: number; from: string; to: string }[]) {
    super(`Product status move not allowed: ${refused.map((r) => `#${r.id} ${r.from} → ${r.to}`).join(", ")}`);
    this.name = "ProductMoveError";
  }
}
