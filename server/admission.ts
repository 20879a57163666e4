/**
 * Admission control. At most `maxConcurrent` requests are handled at once and up to `maxQueued`
 * more wait, oldest first, for a slot until `queueWaitMs` after they arrived; beyond that the
 * server answers 503 with Retry-After straight away. Without it every request of a burst enters the
 * database pool's queue, waits there until the pool's timeout and fails as a 500 (issue 9).
 * Cached pages, /healthz and static files are answered before this and never wait.
 *
 * A process short of CPU parses requests late: they wait in the socket buffers, unseen, for as
 * long as the event loop lags (issue 34: up to 20 s). So the server's own listener
 * (createRequestListener, server/app.ts) checks every request as Node hands it over, before Express:
 * when the loop lags more than `maxLagMs`, a page request is refused at once with a fixed 503;
 * otherwise its arrival is stamped as now minus the lag, and its queue wait counts from there.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { NextFunction, Request, Response } from "express";
import { withDatabaseBusyScope } from "../app/db/client.server";
import { requestStarted } from "../app/db/foreground.server";
import { newNonce, securityHeaderList } from "./security-headers";

export interface AdmissionOptions {
  maxConcurrent: number;
  maxQueued: number;
  queueWaitMs: number;
  /** Event-loop lag (ms) beyond which new page requests are refused at once (default LAG_LIMIT_MS). */
  maxLagMs?: number;
  /**
   * Start at most one admitted request per turn of the event loop (the embedded database's case,
   * where a render runs to its end in the turn that starts it): see `paced` below.
   */
  paceStarts?: boolean;
}

/** Defaults: a page that cannot start within 1 s of arriving is refused; so is any page while the loop is 0.5 s late. */
export const QUEUE_WAIT_MS = 1000;
export const LAG_LIMIT_MS = 500;

/** What a refused client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
export const OVERLOADED_MESSAGE = "The site is busy right now. Please try again in a few seconds.";

interface Waiter {
  admit: () => void;
  refuse: () => void;
  deadline: number;
  timer: NodeJS.Timeout;
}

/** When the request reached the server, as estimated by arrivalCheck; else when first seen here. */
const ARRIVED = Symbol("toolnest.arrived");
type Stamped = IncomingMessage & { [ARRIVED]?: number };

/**
 * How late the event loop is running, in ms: the lateness of the last tick of a 50 ms timer, or
 * more while the next tick is overdue (a loop busy for 3 s shows 3 s as soon as a request is
 * parsed in it, before the timer has had a chance to run). One sampler per process, unref'd.
 */
const SAMPLE_MS = 50;
let due = -1;
let lastLate = 0;
/** Ticks of the sampler so far: requests handed over between two ticks came in one turn of the loop. */
let turn = 0;
export function loopLagMs(now = performance.now()): number {
  if (due < 0) {
    const tick = () => {
      const at = performance.now();
      lastLate = Math.max(0, at - due);
      due = at + SAMPLE_MS;
      turn += 1;
      setTimeout(tick, SAMPLE_MS).unref();
    };
    due = now + SAMPLE_MS;
    setTimeout(tick, SAMPLE_MS).unref();
    return 0;
  }
  return Math.max(lastLate, now - due);
}

/** How long the current turn of the loop has run past the sampler's due time (0 while on time). */
function turnOverrunMs(now: number): number {
  return due < 0 ? 0 : Math.max(0, now - due);
}

/**
 * For the server's own listener, on every request that will go to admission control, before
 * Express: refuses it (true) with a fixed 503 when the loop lags more than `maxLagMs` and every
 * slot is taken; or more than twice `maxLagMs` with a few renders under way though slots are free;
 * or when the current turn of the loop has run `maxLagMs` late after handing over a few requests
 * (on the embedded database a render ends within the turn that parsed it, so slots stay free while
 * the backlog waits in the socket buffers, issue 34). Else it stamps the request's arrival. Refusing
 * costs almost nothing, so a late process catches up instead of starting renders whose visitors
 * have waited in the socket buffers already; a lone pause (a collection, a start-up) refuses nothing.
 */
export type SlotLoad = "full" | "busy" | "idle";
/**
 * Renders under way from which a loop over twice the lag limit late refuses with slots still free;
 * also the requests a turn of the loop may hand over before a turn running late refuses the rest.
 */
export const BUSY_REQUESTS = 4;

export function arrivalCheck({ maxLagMs = LAG_LIMIT_MS }: Pick<AdmissionOptions, "maxLagMs"> = {}, load: () => SlotLoad = () => "full") {
  let seenTurn = -1;
  let handedOver = 0;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const now = performance.now();
    const lag = loopLagMs(now);
    if (seenTurn !== turn) [seenTurn, handedOver] = [turn, 0];
    handedOver += 1;
    // Only while every slot is taken: one slow render (a cold start) delays the loop, but a free slot starts this at once.
    const slots = lag > maxLagMs ? load() : "idle";
    // On the embedded database a render runs to its end inside the callback that parsed its request
    // (its queries resolve as microtasks), so a backlog is parsed and rendered one request after
    // another in a single long turn of the loop, each finding the slots free, while the rest wait
    // unseen (issue 34: 4 s on average, some past 10 s, and the keep-alive timer closed sockets
    // whose next request was still unread). Once this turn has run `maxLagMs` past the sampler's
    // due time with a few requests handed over in it, the rest of the turn is refused.
    const backlog = handedOver > BUSY_REQUESTS && turnOverrunMs(now) > maxLagMs;
    if (backlog || slots === "full" || (slots === "busy" && lag > 2 * maxLagMs)) {
      sendOverloadedRaw(req, res);
      return true;
    }
    (req as Stamped)[ARRIVED] = now - lag;
    return false;
  };
}

/**
 * Runs the given starts one per turn of the event loop (each from its own setImmediate). Node
 * accepts one new connection per turn (libuv 1.45+ no longer accepts in a loop, libuv#3696), and
 * on the embedded database a render runs to its end in the turn that starts it: renders started
 * back to back made turns of seconds, so 200 visitors connecting at once waited in the kernel's
 * accept queue, most past 10 s (issue 34). One render a turn keeps turns to one render's time;
 * requests parsed meanwhile wait in admission's queue, where their wait counts and is bounded.
 */
function paced() {
  const starts: (() => void)[] = [];
  const pump = () => {
    starts.shift()?.();
    if (starts.length > 0) setImmediate(pump);
  };
  return (start: () => void) => {
    if (starts.push(start) === 1) setImmediate(pump);
  };
}

export function admissionControl({ maxConcurrent, maxQueued, queueWaitMs, paceStarts = false }: AdmissionOptions) {
  let active = 0;
  const waiting: Waiter[] = [];
  const schedule = paceStarts ? paced() : (start: () => void) => start();

  const release = () => {
    active -= 1;
    // A waiter whose time ran out while its timer was late (a busy loop) is refused, not started.
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      clearTimeout(next.timer);
      if (performance.now() < next.deadline) return next.admit();
      next.refuse();
    }
  };
  const start = (res: Response, next: NextFunction) => {
    active += 1;
    res.once("close", release);
    // Background work on the embedded database gives way while requests are answered.
    res.once("close", requestStarted());
    // Lets the page handler tell a database pool timeout (503) from a bug (500). A visitor who
    // left while a paced start waited is not rendered for.
    schedule(() => {
      if (!res.destroyed) withDatabaseBusyScope(() => next());
    });
  };

  const admit = (req: Request, res: Response, next: NextFunction) => {
    if (active < maxConcurrent) return start(res, next);
    const now = performance.now();
    const deadline = ((req as Stamped)[ARRIVED] ??= now) + queueWaitMs;
    if (waiting.length >= maxQueued || deadline <= now) return sendOverloaded(req, res);
    const waiter: Waiter = {
      admit: () => start(res, next),
      refuse: () => sendOverloaded(req, res),
      deadline,
      timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        sendOverloaded(req, res);
      }, deadline - now),
    };
    waiting.push(waiter);
    // A visitor who gives up while queued frees the place.
    res.once("close", () => {
      const index = waiting.indexOf(waiter);
      if (index < 0) return;
      waiting.splice(index, 1);
      clearTimeout(waiter.timer);
    });
  };
  /**
   * How loaded the slots are: "full" when a new request would have to queue, "busy" when at least
   * BUSY_REQUESTS renders are under way (a late loop with a few requests in hand is an overload,
   * one with none is a pause: a collection, a start-up, a test runner beside it), else "idle".
   */
  return Object.assign(admit, {
    load: (): SlotLoad => (active >= maxConcurrent ? "full" : active >= Math.min(BUSY_REQUESTS, maxConcurrent) ? "busy" : "idle"),
  });
}

const OVERLOADED_HTML = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy</title></head>' +
    `<body><main><h1>Busy</h1><p>${OVERLOADED_MESSAGE}</p><a href="/">Back to Home</a></main></body></html>`,
);
const OVERLOADED_JSON = Buffer.from(JSON.stringify({ error: { message: OVERLOADED_MESSAGE } }));

/** Whether the client takes HTML (as Express's req.accepts("html") says): no Accept header, or one naming it. */
function acceptsHtml(accept: string | undefined) {
  return !accept || /text\/html|text\/\*|\*\/\*/.test(accept);
}

/** sendOverloaded on Node's own request, before Express: prepared bytes, one writeHead. */
export function sendOverloadedRaw(req: IncomingMessage, res: ServerResponse) {
  if (res.headersSent) return;
  const json = req.url?.startsWith("/api/") || !acceptsHtml(req.headers.accept);
  const body = json ? OVERLOADED_JSON : OVERLOADED_HTML;
  const headers = securityHeaderList(newNonce());
  headers.push(
    "Retry-After",
    String(RETRY_AFTER_SECONDS),
    "Cache-Control",
    "no-store",
    "Content-Type",
    json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length",
    String(body.length),
  );
  res.writeHead(503, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** 503 with Retry-After: JSON in the API's error shape for API clients, a small page for people. */
export function sendOverloaded(req: Request, res: Response) {
  if (res.headersSent) return;
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const json = req.path.startsWith("/api/") || !req.accepts("html");
  res.type(json ? "application/json" : "html").send(json ? OVERLOADED_JSON : OVERLOADED_HTML);
}
