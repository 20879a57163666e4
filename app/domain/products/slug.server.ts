/** Unique product slugs: the name's slug, else the first free `-2`, `-3`..., retried on a race. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { productSlug } from "~/lib/slug";

/** A transaction (or the database): what the writer needs of it. Savepoints use `transaction`. */
export type Tx = Pick<Database, "execute" | "transaction">;

const SlugRow = z.object({ slug: col.text });

/** A slug no other product has: the name's slug, else the first free `-2`, `-3`... */
export async function freeSlug(tx: Pick<Database, "execute">, name: string, exceptId: number | null): Promise<string> {
  const base = productSlug(name).slice(0, 120).replace(/-+$/, "") || "product";
  const taken = await selectRows(
    tx,
    SlugRow,
    sql`select slug from products
         where (slug = ${base} or (slug like ${`${base.replace(/[\\%_]/g, "\\$&")}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$'))
           and id is distinct from ${exceptId}`,
  );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A unique violation of the slug (a driver that does not name the constraint counts as one). */
export function isSlugTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505") return constraint === undefined || constraint === "products_slug_unique";
  }
  return false;
}

/** Runs `write` with a free slug inside a savepoint; again with a fresh slug if a concurrent write took it. */
export async function withFreeSlug<T>(tx: Tx, name: string, exceptId: number | null, write: (slug: string, sp: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(tx, name, exceptId);
    try {
      return await tx.transaction((sp) => write(slug, sp));
    } catch (error) {
      if (!isSlugTaken(error) || attempt >= 5) throw error;
    }
  }
}
