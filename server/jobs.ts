/**
 * Starts the background job workers beside the web server (decision 042): pg-boss on PostgreSQL,
 * the in-process runner on the embedded database. The queue goes in the services object
 * (app/lib/services.server.ts), where the app's actions find it to enqueue jobs.
 */
import type { DatabaseHandle } from "../app/db/client.server";
import { IMPORT_QUEUE, importJobHandler, importWriteSettings } from "../app/features/catalog-import/jobs.server";
import { sweepImports } from "../app/features/catalog-import/mutations/lifecycle.server";
import { PRODUCT_LOGO_QUEUE, productLogoJobHandler, scheduleProductLogoSweeps } from "../app/features/logos/jobs.server";
import { startMailOutbox } from "../app/domain/mail-outbox.server";
import { InProcessJobQueue } from "../app/lib/jobs/in-process.server";
import { setJobQueue, type JobQueue } from "../app/lib/jobs/job-queue";
import { PgBossJobQueue } from "../app/lib/jobs/pg-boss.server";
import { logger } from "../app/lib/logger.server";

export interface JobWorkers {
  queue: JobQueue;
  /** Resolves once the workers have begun (after `serving`). */
  begun: Promise<void>;
  stop(): Promise<void>;
}

/**
 * `serving` resolves once the server answers requests: the workers begin then, so a restart after
 * a crash answers its first requests before it resumes an import cut off mid-way (issue 34: the
 * resumed import held the embedded database while the server was still starting).
 */
export async function startJobWorkers(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
  { serving = Promise.resolve() }: { serving?: Promise<unknown> } = {},
): Promise<JobWorkers> {
  const queue: JobQueue =
    handle.kind === "postgres" && databaseUrl ? new PgBossJobQueue({ connectionString: databaseUrl }) : new InProcessJobQueue(handle.db);
  await queue.start();
  // Jobs may be enqueued from now on; they wait in the queue until the workers begin.
  setJobQueue(queue);
  // E-mail goes through the database's outbox: what a crash or a failing mail server held back is sent (decision 073).
  const stopMailOutbox = startMailOutbox(handle.db);
  // Outside logos are copied into our storage: first sweep 5 minutes after start, then every 10 (decision 050).
  const stopLogoSweeps = scheduleProductLogoSweeps(queue);
  // Uploads left awaiting mapping for a day expire; imports whose job ended without ending them fail (decision 077).
  const resume = () =>
    sweepImports(handle.db, queue).then(
      (swept) => (swept.expired.length || swept.ended.length) && logger().info(swept, "swept imports"),
      (error: unknown) => logger().warn({ err: error }, "could not sweep imports"),
    );
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const begun = serving
    .then(async () => {
      if (stopped) return;
      await queue.work(IMPORT_QUEUE, importJobHandler(() => handle.db, importWriteSettings(queue.kind === "in-process" ? "embedded" : "postgres")));
      await queue.work(PRODUCT_LOGO_QUEUE, productLogoJobHandler(() => handle.db));
      await resume();
      timer = setInterval(() => void resume(), 30_000);
      timer.unref();
    })
    .catch((error: unknown) => logger().error({ err: error }, "job workers could not begin"));
  return {
    queue,
    begun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopLogoSweeps();
      stopMailOutbox();
      setJobQueue(undefined);
      await queue.stop().catch((error: unknown) => logger().warn({ err: error }, "job queue did not stop cleanly"));
    },
  };
}
