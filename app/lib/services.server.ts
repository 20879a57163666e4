/**
 * The services the server opens once at start (server/serve.ts) and the app's modules reach: the
 * database handle, the job queue, the mail state with its outbox, the installation's auth secret.
 * One object: each module that owns a service declares its slot here (interface merging, as
 * React Router's AppLoadContext is extended) and keeps the getter and setter its callers use
 * (getDb(), getJobQueue(), setMailStore()...).
 *
 * Caches and counters (the data and page caches, the cache bus, dead session tokens, throttles)
 * are plain module state: the server and the app are one bundle with one copy of each module
 * (decision 078).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each service's module adds its slot
export interface Services {}

/**
 * The one process-wide slot (decision 078). `npm run dev` loads the server and the app through
 * Vite, which evaluates an edited module, and every module importing it, again: the database and
 * the queue the server opened at start must outlive that. And the end-to-end harness
 * (tests/e2e/serve.ts) puts its test-only allowance here before it loads the server bundle.
 */
const KEY = Symbol.for("toolnest.services");
type Holder = { [KEY]?: Partial<Services> };

export function services(): Partial<Services> {
  const holder = globalThis as Holder;
  holder[KEY] ??= {};
  return holder[KEY];
}

/** A service's slot, or an error saying it is not open yet (the server opens them at start). */
export function requireService<K extends keyof Services>(key: K, missing: string): NonNullable<Services[K]> {
  const value = services()[key];
  if (value === undefined || value === null) throw new Error(missing);
  return value;
}

/** Fills or (with undefined) empties a service's slot: the server at start, tests around a case. */
export function setService<K extends keyof Services>(key: K, value: Services[K] | undefined): void {
  services()[key] = value;
}
