import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A request whose wait for a pooled connection timed out is refused for load (503), not failed
 * (500). The server opens a scope per request (server/admission.ts); the pool marks it.
 */
export class DatabaseBusyError extends Error {}

/** What the server keeps for one request while it is answered (opened by server/admission.ts). */
export interface RequestScope {
  /** A pooled connection could not be had in time. */
  busy: boolean;
  /** When the request arrived (performance.now()): cached data must reflect every write before it. */
  startedAt: number;
  /** The cache tags of the cached data the response was made from (app/db/data-cache.server.ts). */
  tags?: Set<string>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function busyScope() {
  return scopes;
}

export function withDatabaseBusyScope<T>(run: () => T): T {
  return busyScope().run({ busy: false, startedAt: performance.now() }, run);
}

/** The current request's scope, if the code runs inside one. */
export function requestScope(): RequestScope | undefined {
  return busyScope().getStore();
}

/** Whether a database connection could not be had in time during the current request. */
export function databaseWasBusy(): boolean {
  return busyScope().getStore()?.busy ?? false;
}

/** Whether an error (or one of its causes, e.g. inside Drizzle's query error) is a pool timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
  }
  return false;
}
