/**
 * Admission control. At most `maxConcurrent` requests are handled at once and up to `maxQueued`
 * more wait, oldest first, at most `queueWaitMs` for a slot; beyond that the server answers 503
 * with Retry-After straight away. Without it every request of a burst enters the database pool's
 * queue, waits there until the pool's timeout and fails as a 500 (issue 9: 15.6% at 200 visitors).
 * Cached pages, /healthz and static files are answered before this and never wait.
 */
import type { NextFunction, Request, Response } from "express";
import { withDatabaseBusyScope } from "../app/db/client.server";
import { requestStarted } from "../app/db/foreground.server";

export interface AdmissionOptions {
  maxConcurrent: number;
  maxQueued: number;
  queueWaitMs: number;
}

/** What a refused client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
export const OVERLOADED_MESSAGE = "The site is busy right now. Please try again in a few seconds.";

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

export function admissionControl({ maxConcurrent, maxQueued, queueWaitMs }: AdmissionOptions) {
  let active = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    }
  };
  const start = (res: Response, next: NextFunction) => {
    active += 1;
    res.once("close", release);
    // Background work on the embedded database gives way while requests are answered.
    res.once("close", requestStarted());
    // Lets the page handler tell a database pool timeout (503) from a bug (500).
    withDatabaseBusyScope(() => next());
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (active < maxConcurrent) return start(res, next);
    if (waiting.length >= maxQueued) return sendOverloaded(req, res);
    const waiter: Waiter = {
      admit: () => start(res, next),
      timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        sendOverloaded(req, res);
      }, queueWaitMs),
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
}

/** 503 with Retry-After: JSON in the API's error shape for API clients, a small page for people. */
export function sendOverloaded(req: Request, res: Response) {
  if (res.headersSent) return;
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  if (req.path.startsWith("/api/") || !req.accepts("html")) {
    res.json({ error: { message: OVERLOADED_MESSAGE } });
    return;
  }
  res
    .type("html")
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy</title></head>' +
        `<body><main><h1>Busy</h1><p>${OVERLOADED_MESSAGE}</p><a href="/">Back to Home</a></main></body></html>`,
    );
}
