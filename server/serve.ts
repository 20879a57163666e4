/**
 * The serving process, loaded with the app so that both use one copy of every module (decision
 * 078): in production from the server build (server/main.ts, the build's entry), in development
 * through Vite (scripts/dev.ts). It opens the database, starts the job workers and listens; the
 * services it opens reach the app through app/lib/services.server.ts.
 */
import http from "node:http";
import cluster from "node:cluster";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { env } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { bodyTimeoutsFromEnv, createRequestListener, createServerApp } from "./app";
import { requestTimeoutBackstopMs } from "./body-limit";
import { exitWithError } from "./cli";
import { openAppDatabase, prepareDatabase } from "./database";
import { startJobWorkers, type JobWorkers } from "./jobs";

export interface ProductionOptions {
  /** performance.now() when the start script began, for the "ready" line. */
  started: number;
}

/**
 * `npm start`'s server, in the one process on the embedded database or in each cluster worker:
 * the start script has migrated and seeded (scripts/start.ts), this reads the shared secret,
 * registers the handle and serves the build.
 */
export async function serveProduction(build: ServerBuild, { started }: ProductionOptions): Promise<void> {
  try {
    const e = env();
    const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR, purpose: "npm start" });
    await prepareDatabase(handle, { seed: false });
    // The job workers begin a moment after the server answers: a restart after a crash serves its
    // first requests before it resumes an import (issue 34).
    let markServing!: () => void;
    const serving = new Promise<void>((resolve) => (markServing = resolve));
    const jobs = await startJobWorkers(handle, e.DATABASE_URL, { serving });
    const app = createServerApp({ mode: "production", build, pageCacheSeconds: e.PAGE_CACHE_SECONDS });
    // Cached anonymous pages are answered before Express; a late process refuses the rest at once (server/app.ts).
    const server = http.createServer(createRequestListener(app, { pageCacheSeconds: e.PAGE_CACHE_SECONDS }));
    // Node's whole-request deadline is a backstop above the bodies' own (server/body-limit.ts), which
    // answer with a message: at its default 300 s it cut a 100 MB CSV upload on a slow link first.
    server.requestTimeout = requestTimeoutBackstopMs(bodyTimeoutsFromEnv());
    server.listen(e.PORT, e.HOST);
    server.on("error", exitWithError);
    server.on("listening", () => {
      setTimeout(markServing, 2_000);
      if (cluster.isWorker) {
        process.send?.({ type: "listening" });
        return;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${e.SITE_NAME} is ready on ${e.APP_URL} (${handle.kind}: ${handle.where}; started in ${seconds} s)`);
    });
    stopOnSignals(server, jobs, handle);
    // A stray rejection is a bug to log, not a reason to take the site down for everyone.
    process.on("unhandledRejection", (reason) => logger().error({ err: reason }, "unhandled rejection"));
  } catch (error) {
    exitWithError(error);
  }
}

/** `npm run dev`: the same database set-up as `npm start`, pages rendered from Vite's modules. */
export async function serveDevelopment(vite: ViteDevServer, { seed }: { seed?: boolean }): Promise<void> {
  try {
    const e = env();
    const handle = await openAppDatabase(e, { purpose: "npm run dev", seed, log: console.log });
    const jobs = await startJobWorkers(handle, e.DATABASE_URL);
    const app = createServerApp({ mode: "development", vite });
    const server = app.listen(e.PORT, e.HOST, () => console.log(`${e.SITE_NAME} (development) on ${e.APP_URL}`));
    server.requestTimeout = requestTimeoutBackstopMs(bodyTimeoutsFromEnv());
    server.on("error", exitWithError);
    stopOnSignals(server, jobs, handle, () => vite.close());
  } catch (error) {
    exitWithError(error);
  }
}

function stopOnSignals(server: http.Server, jobs: JobWorkers, handle: DatabaseHandle, first: () => Promise<void> = async () => {}) {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void first()
      .then(() => jobs.stop())
      .then(() => handle.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
