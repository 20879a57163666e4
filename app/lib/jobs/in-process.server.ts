import { sql, type SQL } from "drizzle-orm";
import { errorMessage, type JobContext, type JobHandler, type JobInfo, type JobQueue, type JobState, type WorkOptions } from "./job-queue";

/** What the runner needs of the database: Drizzle's `execute` (the app's Database has it). */
export interface SqlExecutor {
  execute(query: SQL): Promise<unknown>;
}

interface JobRow {
  id: string | number;
  queue: string;
  data: unknown;
  state: JobState;
  progress: unknown;
  error: string | null;
}

async function rows<T>(db: SqlExecutor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

interface Worker {
  queue: string;
  handler: JobHandler<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  pending: boolean;
}

/**
 * The embedded database's runner: jobs are rows of the `jobs` table, run one at a time per queue
 * in this process. The embedded database belongs to one process, so a job still `active` at
 * start-up was cut off by a crash or a stop: it goes back to `created` and runs again.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = "in-process" as const;
  private workers = new Map<string, Worker>();
  private active = new Map<string, AbortController>();
  private stopped = false;

  constructor(private readonly db: SqlExecutor) {}

  async start() {
    this.stopped = false;
    await this.db.execute(sql`update jobs set state = 'created', started_at = null where state = 'active'`);
  }

  async stop() {
    this.stopped = true;
    for (const worker of this.workers.values()) clearInterval(worker.timer);
    for (const controller of this.active.values()) controller.abort(new Error("The worker is stopping."));
    await Promise.all([...this.workers.values()].map((w) => w.running?.catch(() => {})));
    this.workers.clear();
  }

  async enqueue(queue: string, data: object): Promise<string> {
    const [row] = await rows<{ id: string | number }>(
      this.db,
      sql`insert into jobs (queue, data) values (${queue}, ${JSON.stringify(data)}::jsonb) returning id`,
    );
    this.poke(queue);
    return String(row!.id);
  }

  async work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}) {
    const worker: Worker = { queue, handler: handler as JobHandler<unknown>, pending: false };
    this.workers.set(queue, worker);
    worker.timer = setInterval(() => this.poke(queue), options.pollMs ?? 2000);
    worker.timer.unref();
    this.poke(queue);
  }

  async cancel(queue: string, id: string) {
    await this.db.execute(
      sql`update jobs set state = 'cancelled', finished_at = now() where id = ${id} and queue = ${queue} and state = 'created'`,
    );
    this.active.get(id)?.abort(new Error("The job was cancelled."));
  }

  async getJob(queue: string, id: string): Promise<JobInfo | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [row] = await rows<JobRow>(this.db, sql`select id, queue, data, state, progress, error from jobs where id = ${id} and queue = ${queue}`);
    return row ? { ...row, id: String(row.id) } : null;
  }

  /** Runs the queue's waiting jobs one after another, unless a run is already going. */
  private poke(queue: string) {
    const worker = this.workers.get(queue);
    if (!worker || this.stopped) return;
    if (worker.running) {
      worker.pending = true;
      return;
    }
    worker.running = this.drain(worker).finally(() => {
      worker.running = undefined;
      if (worker.pending && !this.stopped) {
        worker.pending = false;
        this.poke(queue);
      }
    });
    worker.running.catch(() => {});
  }

  private async drain(worker: Worker) {
    while (!this.stopped) {
      const [job] = await rows<JobRow>(
        this.db,
        sql`update jobs set state = 'active', started_at = now(), attempts = attempts + 1
            where id = (select id from jobs where queue = ${worker.queue} and state = 'created' order by id limit 1 for update skip locked)
            returning id, queue, data, state, progress, error`,
      );
      if (!job) return;
      await this.run(worker, { ...job, id: String(job.id) });
    }
  }

  private async run(worker: Worker, job: JobRow & { id: string }) {
    const controller = new AbortController();
    this.active.set(job.id, controller);
    const context: JobContext<unknown> = {
      id: job.id,
      queue: job.queue,
      data: job.data,
      signal: controller.signal,
      progress: async (value) => {
        await this.db.execute(sql`update jobs set progress = ${JSON.stringify(value ?? null)}::jsonb where id = ${job.id}`);
      },
    };
    try {
      await worker.handler(context);
      if (this.stopped && controller.signal.aborted) {
        // Stopped, not finished: the next start runs it again.
        await this.db.execute(sql`update jobs set state = 'created', started_at = null where id = ${job.id} and state = 'active'`);
      } else {
        const state = controller.signal.aborted ? "cancelled" : "completed";
        await this.db.execute(sql`update jobs set state = ${state}, finished_at = now() where id = ${job.id}`);
      }
    } catch (error) {
      await this.db
        .execute(sql`update jobs set state = 'failed', error = ${errorMessage(error).slice(0, 2000)}, finished_at = now() where id = ${job.id}`)
        .catch(() => {});
    } finally {
      this.active.delete(job.id);
    }
  }
}
