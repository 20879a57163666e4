/**
 * Copies outside product logos into our storage in the background (decision 050). A sweep takes
 * a few products whose logo_url names another site, claims each (a row in product_logo_fetches,
 * so two instances never fetch the same one), runs the favicon chain and, on success, points the
 * product at our copy, unless the logo was changed meanwhile. Failures back off and give up after
 * MAX_ATTEMPTS; a new logo_url starts over. Until then pages draw the monogram.
 */
import { sql } from "drizzle-orm";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { replaceLogo } from "~/domain/products/edits.server";
import type { JobQueue } from "~/lib/jobs/job-queue";
import { logger } from "~/lib/logger.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { findProductLogo, type FindLogoOptions } from "./find-logo.server";

export const PRODUCT_LOGO_QUEUE = "product-logos";
export const SWEEP_BATCH = 20;
export const MAX_ATTEMPTS = 5;
/** Hours to wait after the nth failure. */
const BACKOFF_HOURS = [1, 6, 24, 72];
/** How long a claim holds a product while one instance fetches its logo. */
const LEASE = "10 minutes";

export interface SweepOptions extends FindLogoOptions {
  storage?: Pick<Storage, "putObject" | "keyFromUrl">;
  batch?: number;
  signal?: AbortSignal;
}

export interface SweepResult {
  stored: number;
  failed: number;
}

const Claimed = z.object({ product_id: col.int, source_url: col.text, attempts: col.int, website_url: col.text.nullable(), slug: col.text });
type Claimed = z.output<typeof Claimed>;

export async function sweepProductLogos(db: Database, { storage = getStorage(), batch = SWEEP_BATCH, signal, ...chain }: SweepOptions = {}): Promise<SweepResult> {
  const claimed = await claimDue(db, batch);
  const result: SweepResult = { stored: 0, failed: 0 };
  for (const row of claimed) {
    if (signal?.aborted) {
      // Not tried: hand the claim back so the next sweep takes it at once.
      await db.execute(sql`update product_logo_fetches set next_attempt_at = now(), attempts = attempts - 1 where product_id = ${row.product_id}`);
      continue;
    }
    let found;
    // A copy in our bucket named by its full address (S3): already ours, nothing to fetch.
    if (storage.keyFromUrl(row.source_url)) {
      await storeResult(db, row, row.source_url);
      continue;
    }
    try {
      found = await findProductLogo({ logo_url: row.source_url, website_url: row.website_url }, storage, chain);
    } catch (error) {
      logger().error({ err: error, productId: row.product_id }, "copying a product logo failed");
      found = { ok: false as const, reason: "storage failed" };
    }
    if (found.ok) {
      await storeResult(db, row, found.url);
      result.stored++;
    } else {
      await backOff(db, row, found.reason);
      result.failed++;
    }
  }
  return result;
}

/** Products whose logo_url is an outside http(s) address with no claim, a due retry, or a new address. */
async function claimDue(db: Database, batch: number): Promise<Claimed[]> {
  return selectRows(
    db,
    Claimed,
    sql`with due as (
          select p.id, p.logo_url from products p
          left join product_logo_fetches f on f.product_id = p.id
          where p.logo_url ~* '^https?://'
            and (f.product_id is null or f.source_url <> p.logo_url or f.next_attempt_at <= now())
          order by p.id
          limit ${batch}
        ),
        claimed as (
          insert into product_logo_fetches as f (product_id, source_url, attempts, next_attempt_at, updated_at)
          select id, logo_url, 1, now() + ${LEASE}::interval, now() from due
          on conflict (product_id) do update set
            attempts = case when f.source_url = excluded.source_url then f.attempts + 1 else 1 end,
            source_url = excluded.source_url,
            next_attempt_at = excluded.next_attempt_at,
            last_error = null,
            updated_at = now()
          where f.source_url <> excluded.source_url or f.next_attempt_at <= now()
          returning f.product_id, f.source_url, f.attempts
        )
        select c.product_id, c.source_url, c.attempts, p.website_url, p.slug
        from claimed c join products p on p.id = c.product_id
        order by c.product_id`,
  );
}

async function storeResult(db: Database, row: Claimed, url: string) {
  // Only if the product still names the logo we copied: an edit meanwhile wins.
  const slug = await replaceLogo(db, row.product_id, url, row.source_url);
  const updated = slug === undefined ? undefined : { slug };
  // Our own URL is never due again: it is no outside address, and the row says it is done.
  await db.execute(
    sql`update product_logo_fetches set source_url = ${updated ? url : row.source_url}, next_attempt_at = ${updated ? sql`'infinity'::timestamptz` : sql`now()`},
        last_error = null, updated_at = now() where product_id = ${row.product_id}`,
  );
  if (updated) await invalidate([productTag(updated.slug), "lists"]);
}

async function backOff(db: Database, row: Claimed, reason: string) {
  const hours = BACKOFF_HOURS[row.attempts - 1];
  const next = row.attempts >= MAX_ATTEMPTS || hours === undefined ? sql`'infinity'::timestamptz` : sql`now() + ${`${hours} hours`}::interval`;
  await db.execute(
    sql`update product_logo_fetches set next_attempt_at = ${next}, last_error = ${reason.slice(0, 200)}, updated_at = now() where product_id = ${row.product_id}`,
  );
}

/** The job's handler: one sweep per job (jobs are idempotent: a repeated sweep finds nothing new). */
export function productLogoJobHandler(db: () => Database, options: Omit<SweepOptions, "signal"> = {}) {
  return async (job: { signal: AbortSignal }) => {
    const result = await sweepProductLogos(db(), { ...options, signal: job.signal });
    if (result.stored || result.failed) logger().info(result, "product logo sweep");
  };
}

/**
 * Enqueues a sweep now and then: not at start-up (a fresh demo catalogue should not reach out the
 * moment it starts, and on a machine without internet every attempt would fail at once), then
 * every `everyMs`. Returns the function that stops it.
 */
export function scheduleProductLogoSweeps(queue: Pick<JobQueue, "enqueue">, { firstAfterMs = 5 * 60_000, everyMs = 10 * 60_000 } = {}): () => void {
  const enqueue = () =>
    void queue.enqueue(PRODUCT_LOGO_QUEUE, {}).catch((error: unknown) => logger().warn({ err: error }, "could not enqueue a product logo sweep"));
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    enqueue();
    interval = setInterval(enqueue, everyMs);
    interval.unref();
  }, firstAfterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
