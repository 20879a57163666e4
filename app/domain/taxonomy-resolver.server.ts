import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { niche_subcategories, niches, subcategories } from "~/db/schema";
import { slugify } from "~/lib/slug";

type Tx = Pick<Database, "select" | "insert" | "execute">;

/**
 * Resolves niche and subcategory names (or slugs) to ids, creating missing ones as published.
 * Caches what it has seen so a large import asks the database once per name.
 */
export class TaxonomyResolver {
  private nicheIds = new Map<string, number>();
  private subcategoryIds = new Map<string, number>();
  private links = new Set<string>();
  created = { niches: 0, subcategories: 0 };

  async niche(tx: Tx, name: string): Promise<number> {
    const key = slugify(name);
    const cached = this.nicheIds.get(key);
    if (cached) return cached;
    const existing = await tx
      .select({ id: niches.id })
      .from(niches)
      .where(sql`${niches.slug} = ${key} or lower(${niches.name}) = ${name.trim().toLowerCase()}`)
      .limit(1);
    let id = existing[0]?.id;
    if (!id) {
      const inserted = await tx
        .insert(niches)
        .values({ name: name.trim(), slug: key, status: "published" })
        .onConflictDoNothing()
        .returning({ id: niches.id });
      id = inserted[0]?.id ?? (await tx.select({ id: niches.id }).from(niches).where(eq(niches.slug, key)))[0]?.id;
      if (inserted[0]) this.created.niches++;
    }
    if (!id) throw new Error(`Could not create the niche ${name}`);
    this.nicheIds.set(key, id);
    return id;
  }

  async subcategory(tx: Tx, name: string, nicheId: number): Promise<number> {
    const key = slugify(name);
    let id = this.subcategoryIds.get(key);
    if (!id) {
      const existing = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(sql`${subcategories.slug} = ${key} or lower(${subcategories.name}) = ${name.trim().toLowerCase()}`)
        .limit(1);
      id = existing[0]?.id;
      if (!id) {
        const inserted = await tx
          .insert(subcategories)
          .values({ name: name.trim(), slug: key, status: "published", is_parent: true })
          .onConflictDoNothing()
          .returning({ id: subcategories.id });
        id =
          inserted[0]?.id ??
          (await tx.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.slug, key)))[0]?.id;
        if (inserted[0]) this.created.subcategories++;
      }
      if (!id) throw new Error(`Could not create the subcategory ${name}`);
      this.subcategoryIds.set(key, id);
    }
    const link = `${nicheId}:${id}`;
    if (!this.links.has(link)) {
      await tx.insert(niche_subcategories).values({ niche_id: nicheId, subcategory_id: id }).onConflictDoNothing();
      this.links.add(link);
    }
    return id;
  }

  /** Forget ids learnt inside a transaction that was rolled back. */
  reset() {
    this.nicheIds.clear();
    this.subcategoryIds.clear();
    this.links.clear();
  }
}
