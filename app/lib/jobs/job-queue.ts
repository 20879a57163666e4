/**
 * Background jobs (decision 042): one interface, two runners. On PostgreSQL, pg-boss (shared by
 * every instance: any one of them runs a job, once); on the embedded database, an in-process
 * runner whose queue is a table, so a restart picks up what was running. Handlers must be
 * idempotent per step: a job that was running when its process died is run again.
 *
 * The runner owns a running job's claim (decision 077): while its handler runs, no other worker
 * runs it, however long it takes. pg-boss: a lease the runner renews while the handler runs; once
 * a dead worker's lease lapses the job is retried elsewhere. In-process: the one process owns the
 * database, so a job `active` at start-up was cut off and runs again. Either way a job that runs
 * again keeps its id, which a handler may use as its claim on its own records.
 */
import { requireService, services, setService } from "~/lib/services.server";

export type JobState = "created" | "active" | "completed" | "failed" | "cancelled";

export interface JobContext<T> {
  id: string;
  queue: string;
  data: T;
  /** Aborted when the job is cancelled or the worker stops: finish the current step and return. */
  signal: AbortSignal;
  /** Saves how far the job got (a JSON value); `getJob` reads it back from any instance. */
  progress(value: unknown): Promise<void>;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface JobInfo {
  id: string;
  queue: string;
  state: JobState;
  data: unknown;
  progress: unknown;
  error: string | null;
}

export interface WorkOptions {
  /** How often a worker looks for new jobs when nothing woke it (ms). */
  pollMs?: number;
  /** How often a running job's lease is renewed and its cancellation elsewhere noticed (ms; pg-boss). */
  cancelCheckMs?: number;
}

export interface JobQueue {
  readonly kind: "pg-boss" | "in-process";
  start(): Promise<void>;
  /** Stops taking jobs; running handlers are aborted and awaited (a stopped job runs again later). */
  stop(): Promise<void>;
  enqueue(queue: string, data: object): Promise<string>;
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Cancels a job: a waiting one never starts, a running one sees its signal aborted. */
  cancel(queue: string, id: string): Promise<void>;
  getJob(queue: string, id: string): Promise<JobInfo | null>;
}

declare module "~/lib/services.server" {
  interface Services {
    /** The process's job queue (server/jobs.ts starts it beside the web server). */
    jobQueue: JobQueue;
  }
}

export function setJobQueue(queue: JobQueue | undefined) {
  setService("jobQueue", queue);
}

export function getJobQueue(): JobQueue {
  return requireService("jobQueue", "The job queue is not started.");
}

export function hasJobQueue(): boolean {
  return services().jobQueue !== undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
