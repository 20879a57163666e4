import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { arrayLiteral, insertCatalogProducts } from "~/domain/products/insert.server";
import type { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import { CsvImportError } from "../csv-read.server";
import { duplicateKeys, type PreparedRow } from "../csv-row.server";
import { addError, plural, type ImportReport } from "../import-report";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a caller that keeps each row's outcome (the admin import job) hears, inside the batch's transaction where it says so. */
export interface BatchHooks {
  /** In the transaction that inserted them: the new products' ids, and the rows skipped as already in the catalogue. */
  written?(tx: Tx, fresh: { item: PreparedRow; productId: number }[], duplicates: PreparedRow[]): Promise<void>;
  /** After a row-by-row retry: a row the database refused (nothing of it was written). */
  refused?(item: PreparedRow, message: string, duplicate: boolean): Promise<void>;
}

/** Writes prepared rows a batch per transaction, falling back to one row per transaction to pin down a row the database refuses. */
export class BatchWriter {
  constructor(
    private readonly db: Database,
    private readonly taxonomy: TaxonomyResolver,
    private readonly report: ImportReport,
    private readonly maxErrors: number,
    private readonly hooks: BatchHooks = {},
  ) {}

  async write(batch: PreparedRow[]) {
    try {
      const result = await this.inTransaction((tx) => this.insertNew(tx, batch));
      this.count(result);
      return;
    } catch (batchError) {
      let failed = 0;
      for (const item of batch) {
        try {
          this.count(await this.inTransaction((tx) => this.insertNew(tx, [item])));
        } catch (error) {
          if (sqlState(error) === "23505") {
            this.report.skippedDuplicates++;
            await this.hooks.refused?.(item, "Already in the catalogue", true);
            continue;
          }
          failed++;
          this.report.invalidRows++;
          this.report.validRows--;
          const message = `Could not be saved: ${describe(error)}`;
          addError(this.report, { row: item.row, messages: [message] }, this.maxErrors);
          await this.hooks.refused?.(item, message, false);
        }
      }
      if (failed === batch.length && batch.length > 1) {
        throw new CsvImportError(
          "database",
          `The database refused every row from row ${batch[0]!.row} to row ${batch.at(-1)!.row} (${describe(batchError)}). ` +
            `${plural(this.report.imported, "row")} were imported before that; fix the problem and run the import again to add the rest.`,
        );
      }
    }
  }

  /** Runs one transaction; after a rollback, forgets taxonomy ids and counts learnt inside it. */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const created = { ...this.taxonomy.created };
    try {
      return await this.db.transaction(work);
    } catch (error) {
      this.taxonomy.reset();
      Object.assign(this.taxonomy.created, created);
      throw error;
    }
  }

  private async insertNew(tx: Tx, batch: PreparedRow[]) {
    const existing = await existingKeys(tx, batch);
    const fresh = batch.filter((item) => !item.keys.some((key) => existing.has(key)));
    const inserted = await insertCatalogProducts(
      tx,
      fresh.map((item) => item.product),
      this.taxonomy,
    );
    if (this.hooks.written) {
      const duplicates = batch.filter((item) => item.keys.some((key) => existing.has(key)));
      await this.hooks.written(
        tx,
        fresh.map((item, i) => ({ item, productId: inserted[i]!.id })),
        duplicates,
      );
    }
    return { fresh, duplicates: batch.length - fresh.length };
  }

  private count({ fresh, duplicates }: { fresh: PreparedRow[]; duplicates: number }) {
    this.report.imported += fresh.length;
    this.report.skippedDuplicates += duplicates;
    for (const item of fresh) {
      if (item.unknownPricing !== null) this.report.pricingMappedToFree++;
      if (item.tagsDropped) this.report.tagsTruncated++;
    }
  }
}

/**
 * Duplicate keys of the products already stored that share a slug, or a domain and a name, with
 * the batch. Each key is looked up by its own index probe (a join on the unnested arrays): with
 * `= any(array)` filters the planner could choose a sequential scan of the whole catalogue once
 * its statistics lagged behind an import, comparing every product with every value (seconds per
 * batch at 50,000 products).
 */
const KeyRow = z.object({ slug: col.text, domain: col.text.nullable(), name: col.text });

async function existingKeys(tx: Tx, batch: PreparedRow[]): Promise<Set<string>> {
  const slugs = [...new Set(batch.map((item) => item.product.slug))];
  const pairs = new Map<string, { domain: string; name: string }>();
  for (const item of batch) {
    if (!item.domain) continue;
    const name = item.product.product_name.toLowerCase();
    pairs.set(`${item.domain} ${name}`, { domain: item.domain, name });
  }
  const domains = [...pairs.values()].map((pair) => pair.domain);
  const names = [...pairs.values()].map((pair) => pair.name);
  const rows = await selectRows(
    tx,
    KeyRow,
    sql`select p.slug, p.website_domain as domain, lower(p.product_name) as name
        from unnest(${arrayLiteral(slugs)}::text[]) as k(slug) join products p on p.slug = k.slug
        union
        select p.slug, p.website_domain, lower(p.product_name)
        from unnest(${arrayLiteral(domains)}::text[], ${arrayLiteral(names)}::text[]) as k(domain, name)
        join products p on p.website_domain = k.domain and lower(p.product_name) = k.name`,
  );
  return new Set(rows.flatMap((row) => duplicateKeys(row.slug, row.domain, row.name)));
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

function describe(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(error);
}
