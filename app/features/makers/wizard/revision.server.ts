/**
 * A live product's edit from the wizard becomes (part of) its one pending revision (decision 033):
 * `changes` keeps only what differs from the live row, under the product's column names, plus
 * `niche_ids` / `subcategory_ids` for the relations. Other forms' fields in the revision stay; an
 * edit back to the live values withdraws them, and an empty revision is removed.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { selectRow } from "~/db/rows.server";
import type { WizardColumns } from "./wizard-read.server";

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export async function mergeRevision(
  tx: Pick<Database, "execute">,
  userId: string,
  productId: number,
  live: WizardColumns,
  wanted: Partial<WizardColumns>,
): Promise<void> {
  const pending = await selectRow(
    tx,
    z.object({ changes: z.record(z.string(), z.unknown()) }),
    sql`select changes from product_revisions where product_id = ${productId} and status = 'pending' for update`,
  );
  const changes: Record<string, unknown> = { ...(pending?.changes ?? {}) };
  for (const [column, value] of Object.entries(wanted)) {
    if (same(value, live[column as keyof WizardColumns])) delete changes[column];
    else changes[column] = value;
  }
  if (!Object.keys(changes).length) {
    await tx.execute(sql`delete from product_revisions where product_id = ${productId} and status = 'pending'`);
    return;
  }
  await tx.execute(
    sql`insert into product_revisions (product_id, user_id, changes)
        values (${productId}, ${userId}, ${JSON.stringify(changes)}::jsonb)
        on conflict (product_id) where status = 'pending'
        do update set changes = excluded.changes, user_id = excluded.user_id, created_at = now()`,
  );
}
