import PgBoss from "pg-boss";
import { errorMessage, type JobContext, type JobHandler, type JobInfo, type JobQueue, type JobState, type WorkOptions } from "./job-queue";

export interface PgBossOptions {
  connectionString: string;
  /** Connections pg-boss keeps for itself (default 2). */
  max?: number;
  /** A running job that does not finish within this long is failed and retried by another worker. */
  expireInSeconds?: number;
}

const STATES: Record<string, JobState> = {
  created: "created",
  retry: "created",
  active: "active",
  completed: "completed",
  cancelled: "cancelled",
  failed: "failed",
};

/**
 * PostgreSQL's runner: pg-boss 10 (the last line for Node 20). Jobs live in its `pgboss` schema;
 * every instance works the queues, and SKIP LOCKED hands each job to one of them. Progress is kept
 * in the job's `output` column, which pg-boss returns with the job.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  private boss: PgBoss;
  private queues = new Set<string>();
  private active = new Map<string, AbortController>();
  private stopping = false;

  constructor(private readonly options: PgBossOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: options.max ?? 2,
      schedule: false,
      application_name: "toolnest-jobs",
    });
    // pg-boss reports connection trouble as events; an unhandled "error" event would end the process.
    this.boss.on("error", () => {});
  }

  async start() {
    await this.boss.start();
  }

  async stop() {
    this.stopping = true;
    for (const controller of this.active.values()) controller.abort(new Error("The worker is stopping."));
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /**
   * Creates the queue once. Instances starting together (the cluster's workers on a new database)
   * race to create it: PostgreSQL aborts one of them (a deadlock or a duplicate), and that one
   * finds the queue the other made.
   */
  private async ensureQueue(queue: string) {
    if (this.queues.has(queue)) return;
    for (let attempt = 1; !(await this.boss.getQueue(queue)); attempt++) {
      try {
        await this.boss.createQueue(queue, {
          name: queue,
          policy: "standard",
          retryLimit: 5,
          retryDelay: 2,
          expireInSeconds: this.options.expireInSeconds ?? 15 * 60,
        });
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    this.queues.add(queue);
  }

  async enqueue(queue: string, data: object): Promise<string> {
    await this.ensureQueue(queue);
    const id = await this.boss.send(queue, data);
    if (!id) throw new Error(`pg-boss refused the job for ${queue}.`);
    return id;
  }

  async work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}) {
    await this.ensureQueue(queue);
    await this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, (options.pollMs ?? 2000) / 1000) }, async ([job]) => {
      if (!job) return;
      const controller = new AbortController();
      this.active.set(job.id, controller);
      // Cancellation is a state in the database, set by any instance: look now and then.
      const watch = setInterval(() => {
        void this.boss.getJobById(queue, job.id).then(
          (current) => {
            if (current?.state === "cancelled") controller.abort(new Error("The job was cancelled."));
          },
          () => {},
        );
      }, options.cancelCheckMs ?? 1000);
      watch.unref();
      const context: JobContext<T> = {
        id: job.id,
        queue,
        data: job.data,
        signal: controller.signal,
        progress: async (value) => {
          await this.boss.getDb().executeSql(`update pgboss.job set output = $3::jsonb where name = $1 and id = $2 and state = 'active'`, [
            queue,
            job.id,
            JSON.stringify({ progress: value ?? null }),
          ]);
        },
      };
      try {
        await handler(context);
        // Stopped before it finished: fail it so that pg-boss retries it on another (or the next) worker.
        if (this.stopping && controller.signal.aborted) throw new Error("The worker stopped before the job finished.");
      } finally {
        clearInterval(watch);
        this.active.delete(job.id);
      }
    });
  }

  async cancel(queue: string, id: string) {
    await this.ensureQueue(queue);
    try {
      await this.boss.cancel(queue, id);
    } catch (error) {
      // A job that already ended cannot be cancelled: nothing to do.
      if (!/not found|already/i.test(errorMessage(error))) throw error;
    }
    this.active.get(id)?.abort(new Error("The job was cancelled."));
  }

  async getJob(queue: string, id: string): Promise<JobInfo | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    await this.ensureQueue(queue);
    const job = await this.boss.getJobById<unknown>(queue, id);
    if (!job) return null;
    const output = job.output as { progress?: unknown; message?: string } | null | undefined;
    return {
      id: job.id,
      queue,
      state: STATES[job.state] ?? "failed",
      data: job.data,
      progress: output?.progress ?? null,
      error: job.state === "failed" ? (output?.message ?? null) : null,
    };
  }
}
