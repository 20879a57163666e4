import PgBoss from "pg-boss";
import { errorMessage, type JobContext, type JobHandler, type JobInfo, type JobQueue, type JobState, type WorkOptions } from "./job-queue";

export interface PgBossOptions {
  connectionString: string;
  /** Connections pg-boss keeps for itself (default 2). */
  max?: number;
  /**
   * The lease a running job holds (default 60 s): the runner renews it while the handler runs, so a
   * job may run for hours; a worker that dies stops renewing, and once the lease has lapsed pg-boss's
   * maintenance fails the job and another worker retries it.
   */
  leaseSeconds?: number;
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
 *
 * The runner fetches and settles jobs itself rather than through `boss.work`, whose handler
 * deadline is the job's expiry as fetched: a job running past it was failed and retried while it
 * still ran (pg-boss 10 cannot extend it). Here the expiry is a lease, renewed every
 * `cancelCheckMs` while the handler runs; the same statement tells a cancelled (or lapsed) job, whose
 * signal is then aborted.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = "pg-boss" as const;
  private boss: PgBoss;
  private queues = new Set<string>();
  private active = new Map<string, AbortController>();
  private loops = new Set<Promise<void>>();
  private wakers = new Map<string, () => void>();
  private stopping = false;
  private readonly leaseSeconds: number;

  constructor(options: PgBossOptions) {
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: options.max ?? 2,
      schedule: false,
      // How often lapsed leases are looked for: a dead worker's job is retried within lease + this.
      maintenanceIntervalSeconds: 30,
      application_name: "toolnest-jobs",
    });
    // pg-boss reports connection trouble as events; an unhandled "error" event would end the process.
    this.boss.on("error", () => {});
  }

  async start() {
    this.stopping = false;
    await this.boss.start();
  }

  async stop() {
    this.stopping = true;
    for (const controller of this.active.values()) controller.abort(new Error("The worker is stopping."));
    for (const wake of this.wakers.values()) wake();
    // Handlers finish their current step and the jobs they leave are failed, for a retry elsewhere.
    await Promise.race([Promise.allSettled(this.loops), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
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
        await this.boss.createQueue(queue, { name: queue, policy: "standard", retryLimit: 5, retryDelay: 2, expireInSeconds: this.leaseSeconds });
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
    this.wakers.get(queue)?.();
    return id;
  }

  async work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}) {
    await this.ensureQueue(queue);
    const pollMs = options.pollMs ?? 2000;
    const loop = (async () => {
      while (!this.stopping) {
        const [job] = await this.boss.fetch<T>(queue, { batchSize: 1 }).catch(() => []);
        if (job) await this.run(queue, job, handler, options.cancelCheckMs ?? 1000);
        else await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wakers.set(queue, () => (clearTimeout(timer), resolve()));
        });
      }
    })();
    this.loops.add(loop);
    void loop.finally(() => this.loops.delete(loop));
  }

  /** Renews the job's lease; false when the job is no longer active (cancelled, or lapsed and failed). */
  private async renew(queue: string, id: string): Promise<boolean> {
    const result = await this.boss.getDb().executeSql(
      `update pgboss.job set expire_in = (now() - started_on) + make_interval(secs => $3)
        where name = $1 and id = $2 and state = 'active' returning id`,
      [queue, id, this.leaseSeconds],
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  private async run<T>(queue: string, job: PgBoss.Job<T>, handler: JobHandler<T>, renewMs: number) {
    const controller = new AbortController();
    this.active.set(job.id, controller);
    const hold = () =>
      this.renew(queue, job.id).then(
        (held) => held || controller.abort(new Error("The job was cancelled or its lease lapsed.")),
        () => {}, // The database is unreachable: try again at the next tick; the lease covers it.
      );
    await hold();
    const lease = setInterval(() => void hold(), renewMs);
    lease.unref();
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
      // Stopped before it finished: failed, so that pg-boss retries it on another (or the next) worker.
      if (this.stopping && controller.signal.aborted) await this.boss.fail(queue, job.id, { message: "The worker stopped before the job finished." });
      else await this.boss.complete(queue, job.id);
    } catch (error) {
      await this.boss.fail(queue, job.id, { message: errorMessage(error) }).catch(() => {});
    } finally {
      clearInterval(lease);
      this.active.delete(job.id);
    }
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
