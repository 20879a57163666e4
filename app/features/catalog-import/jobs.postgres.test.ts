/**
 * The import job on PostgreSQL with pg-boss (decision 042): two instances working one queue run an
 * import once. Needs PostgreSQL: skipped, with its reason, when DATABASE_URL is unset.
 */
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { PgBossJobQueue } from "~/lib/jobs/pg-boss.server";
import { createUser } from "../../../tests/factories";
import { withDatabase } from "../../../tests/setup/local-database";
import { HEADER, productRow, toCsv } from "./csv-fixtures";
import { IMPORT_QUEUE, runImport } from "./jobs.server";
import { stageUpload } from "./mutations/staging.server";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("the import job on PostgreSQL (pg-boss)", () => {
  let admin: { id: string; email: string };
  let connectionString = "";
  const queues: PgBossJobQueue[] = [];

  beforeAll(async () => {
    const id = await createUser(getDb());
    admin = { id, email: `${id}@example.com` };
    const [db] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
    connectionString = withDatabase(url!, db!.name);
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop().catch(() => {})));
  });

  async function staged(prefix: string, n: number) {
    const rows = Array.from({ length: n }, (_, i) => productRow({ product_name: `${prefix} ${i + 1}` }));
    const result = await stageUpload(getDb(), admin, Readable.from([Buffer.from(toCsv(HEADER, rows))]), { fileName: "pg.csv" });
    // Queued as Import would, with a niche for all rows: a live row without one is refused (issue 36).
    await getDb().execute(
      sql`update catalog_imports set state = 'queued', mapping = jsonb_build_object('all', jsonb_build_object('nicheId', (select min(id) from niches)))
           where id = ${result.id}`,
    );
    return result.id;
  }

  async function count(prefix: string) {
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products where product_name like ${prefix + " %"}`);
    return row!.n;
  }

  it("two instances on one database: the import runs once", async () => {
    const runs: string[] = [];
    for (const name of ["a", "b"]) {
      const queue = new PgBossJobQueue({ connectionString });
      queues.push(queue);
      await queue.start();
      await queue.work<{ importId: number }>(
        IMPORT_QUEUE,
        async (job) => {
          runs.push(name);
          await runImport(getDb(), job.data.importId, { signal: job.signal, worker: `${name}:${job.id}`, batchSize: 2 });
        },
        { pollMs: 500 },
      );
    }
    const importId = await staged("Pgboss Twin", 7);
    const jobId = await queues[0]!.enqueue(IMPORT_QUEUE, { importId });
    await expect.poll(async () => (await queues[1]!.getJob(IMPORT_QUEUE, jobId))?.state, { timeout: 20_000 }).toBe("completed");
    expect(runs).toHaveLength(1);
    expect(await count("Pgboss Twin")).toBe(7);
    const [record] = await queryRows<{ state: string; rows_imported: number }>(getDb(), sql`select state, rows_imported from catalog_imports where id = ${importId}`);
    expect(record).toEqual({ state: "completed", rows_imported: 7 });
  });

  it("two workers racing for one import: one claims it, the products land once", async () => {
    const importId = await staged("Pgrace Pair", 9);
    const outcomes = await Promise.all([
      runImport(getDb(), importId, { worker: "x", batchSize: 2 }),
      runImport(getDb(), importId, { worker: "y", batchSize: 2 }),
    ]);
    expect(outcomes.sort()).toEqual(["completed", "not-claimed"]);
    expect(await count("Pgrace Pair")).toBe(9);
  });

  it("instances starting together on a new queue (the cluster's workers): every one of them works it", async () => {
    const name = `test-race-${Date.now()}`;
    const racing = [0, 1, 2].map(() => new PgBossJobQueue({ connectionString }));
    queues.push(...racing);
    await Promise.all(racing.map((queue) => queue.start()));
    const seen: number[] = [];
    await Promise.all(racing.map((queue, i) => queue.work<{ n: number }>(name, async () => void seen.push(i), { pollMs: 500 })));
    const jobId = await racing[0]!.enqueue(name, { n: 1 });
    await expect.poll(async () => (await racing[1]!.getJob(name, jobId))?.state, { timeout: 20_000 }).toBe("completed");
    expect(seen).toHaveLength(1);
  });

  it("a job running past its lease keeps it (the runner renews it): it runs once and completes", async () => {
    const queue = new PgBossJobQueue({ connectionString, leaseSeconds: 1 });
    queues.push(queue);
    await queue.start();
    const name = `test-lease-${Date.now()}`;
    let runs = 0;
    await queue.work(
      name,
      async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 3_500));
      },
      { pollMs: 200, cancelCheckMs: 300 },
    );
    const jobId = await queue.enqueue(name, { n: 1 });
    await expect.poll(async () => (await queue.getJob(name, jobId))?.state, { timeout: 20_000 }).toBe("completed");
    expect(runs).toBe(1);
  });

  it("a running job cancelled from another instance sees its signal aborted", async () => {
    const [mine, other] = [queues[0]!, queues[1]!];
    const name = `test-cancel-running-${Date.now()}`;
    let aborted = false;
    await mine.work(
      name,
      async (job) => {
        await new Promise<void>((resolve) => job.signal.addEventListener("abort", () => resolve(), { once: true }));
        aborted = true;
      },
      { pollMs: 200, cancelCheckMs: 200 },
    );
    const jobId = await mine.enqueue(name, {});
    await expect.poll(async () => (await other.getJob(name, jobId))?.state, { timeout: 10_000 }).toBe("active");
    await other.cancel(name, jobId);
    await expect.poll(() => aborted, { timeout: 10_000 }).toBe(true);
    expect((await other.getJob(name, jobId))?.state).toBe("cancelled");
  });

  it("cancels a waiting job", async () => {
    const queue = queues[0]!;
    const jobId = await queue.enqueue("test-cancel", { n: 1 });
    await queue.cancel("test-cancel", jobId);
    expect((await queue.getJob("test-cancel", jobId))?.state).toBe("cancelled");
  });
});
