/**
 * Starts the background job workers beside the web server (decision 042): pg-boss on PostgreSQL,
 * the in-process runner on the embedded database. The queue is shared through globalThis with the
 * server bundle (app/lib/jobs/job-queue.ts), whose actions enqueue jobs.
 */
import type { DatabaseHandle } from "../app/db/client.server";
import { IMPORT_QUEUE, importJobHandler, importWriteSettings, releaseOrphanedImports, resumeStaleImports } from "../app/features/catalog-import/import-job.server";
import { PRODUCT_LOGO_QUEUE, productLogoJobHandler, scheduleProductLogoSweeps } from "../app/features/logos/logo-sweep.server";
import { startMailOutbox } from "../app/domain/mail-outbox.server";
import { InProcessJobQueue } from "../app/lib/jobs/in-process.server";
import { setJobQueue, type JobQueue } from "../app/lib/jobs/job-queue";
import { PgBossJobQueue } from "../app/lib/jobs/pg-boss.server";
import { logger } from "../app/lib/logger.server";

export interface JobWorkers {
  queue: JobQueue;
  stop(): Promise<void>;
}

export async function startJobWorkers(handle: DatabaseHandle, databaseUrl: string | undefined): Promise<JobWorkers> {
  const queue: JobQueue =
    handle.kind === "postgres" && databaseUrl ? new PgBossJobQueue({ connectionString: databaseUrl }) : new InProcessJobQueue(handle.db);
  if (queue.kind === "in-process") await releaseOrphanedImports(handle.db);
  await queue.start();
  await queue.work(IMPORT_QUEUE, importJobHandler(() => handle.db, importWriteSettings(queue.kind === "in-process" ? "embedded" : "postgres")));
  await queue.work(PRODUCT_LOGO_QUEUE, productLogoJobHandler(() => handle.db));
  setJobQueue(queue);
  // E-mail goes through the database's outbox: what a crash or a failing mail server held back is sent (decision 073).
  const stopMailOutbox = await startMailOutbox(handle.db);
  // Outside logos are copied into our storage: first sweep 5 minutes after start, then every 10 (decision 050).
  const stopLogoSweeps = scheduleProductLogoSweeps(queue);
  const resume = () =>
    resumeStaleImports(handle.db, queue).then(
      (ids) => ids.length && logger().info({ imports: ids }, "resumed imports whose worker went silent"),
      (error: unknown) => logger().warn({ err: error }, "could not look for stalled imports"),
    );
  await resume();
  const timer = setInterval(() => void resume(), 30_000);
  timer.unref();
  return {
    queue,
    async stop() {
      clearInterval(timer);
      stopLogoSweeps();
      stopMailOutbox();
      setJobQueue(undefined);
      await queue.stop().catch((error: unknown) => logger().warn({ err: error }, "job queue did not stop cleanly"));
    },
  };
}
