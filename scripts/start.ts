/**
 * `npm start`: build if needed, migrate, seed an empty database, serve the production build.
 * On PostgreSQL it serves from one worker process per core (node's cluster; `WEB_CONCURRENCY` sets the
 * number): the primary prepares the database and the build once, then forks the workers, which share
 * the port and hear each other's cache invalidations through LISTEN/NOTIFY. The embedded database
 * lives in one process, so on PGlite there is one.
 */
process.env.NODE_ENV ??= "production";
const started = performance.now();

const cluster = (await import("node:cluster")).default;
const { exitWithError } = await import("../server/cli");
try {
  const { parseEnv } = await import("../app/lib/env.server");
  const env = parseEnv();
  // V8's heap growth is held to V8_HEAP_GROWING_PERCENT only while a CSV upload or import runs in
  // the process (app/lib/bulk-heap.server.ts, decision 069); pages render with V8's own.
  const { webConcurrency } = await import("../server/cluster");
  const workers = webConcurrency(process.env.WEB_CONCURRENCY, Boolean(env.DATABASE_URL));
  if (cluster.isPrimary) {
    // The first line says which mode this is (issue 17): a development build measures and behaves differently.
    const database = env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
    console.log(`Starting ${env.SITE_NAME} in ${process.env.NODE_ENV} mode (${database}, ${workers.count} ${workers.count === 1 ? "worker" : "workers"})`);
    const { devSignInBanner } = await import("../app/domain/auth/config.server");
    const devSignIn = devSignInBanner(env);
    if (devSignIn) console.log(devSignIn);
    if (workers.note) console.log(workers.note);
  }
  const { openDatabase } = await import("../app/db/client.server");
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: "npm start" });
  if (cluster.isPrimary) {
    // The build (when the sources changed) runs beside the migrations and the first seed.
    const { ensureBuild } = await import("../server/build");
    const building = ensureBuild();
    building.catch(() => {});
    const { prepareDatabase } = await import("../server/database");
    const noSeed = process.argv.includes("--no-seed");
    await prepareDatabase(handle, { seed: env.SEED && !noSeed, log: console.log });
    await building;
  } else {
    // A worker: the primary migrated, seeded and built; this reads the shared secret and registers the handle.
    const { prepareDatabase } = await import("../server/database");
    await prepareDatabase(handle, { seed: false });
  }
  if (cluster.isPrimary && workers.count > 1) {
    await handle.close();
    const { runPrimary } = await import("../server/cluster");
    const { fileURLToPath } = await import("node:url");
    runPrimary(workers.count, launcher()?.script ?? fileURLToPath(import.meta.url), (ready) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${env.SITE_NAME} is ready on ${env.APP_URL} (${handle.kind}: ${handle.where}; ${ready} workers; started in ${seconds} s)`);
    });
  } else {
    const { startJobWorkers } = await import("../server/jobs");
    // The job workers begin a moment after the server answers: a restart after a crash serves its
    // first requests before it resumes an import (issue 34).
    let markServing!: () => void;
    const serving = new Promise<void>((resolve) => (markServing = resolve));
    const jobs = await startJobWorkers(handle, env.DATABASE_URL, { serving });
    const path = await import("node:path");
    const { pathToFileURL } = await import("node:url");
    const { buildDirectory } = await import("../server/build");
    const buildUrl = pathToFileURL(path.join(buildDirectory(), "server/index.js")).href;
    const build = await (launcher()?.importNative(buildUrl) ?? import(buildUrl));
    const { createServerApp, createRequestListener } = await import("../server/app");
    const app = createServerApp({ mode: "production", build: build as import("react-router").ServerBuild, pageCacheSeconds: env.PAGE_CACHE_SECONDS });
    const http = await import("node:http");
    const { logger } = await import("../app/lib/logger.server");
    // Cached anonymous pages are answered before Express; a late process refuses the rest at once (server/app.ts).
    const server = http.createServer(createRequestListener(app, { pageCacheSeconds: env.PAGE_CACHE_SECONDS }));
    // Node's whole-request deadline is a backstop above the bodies' own (server/body-limit.ts), which
    // answer with a message: at its default 300 s it cut a 100 MB CSV upload on a slow link first.
    const { requestTimeoutBackstopMs } = await import("../server/body-limit");
    const { bodyTimeoutsFromEnv } = await import("../server/app");
    server.requestTimeout = requestTimeoutBackstopMs(bodyTimeoutsFromEnv());
    server.listen(env.PORT, env.HOST);
    server.on("error", exitWithError);
    server.on("listening", () => {
      setTimeout(markServing, 2_000);
      if (cluster.isWorker) {
        process.send?.({ type: "listening" });
        return;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${env.SITE_NAME} is ready on ${env.APP_URL} (${handle.kind}: ${handle.where}; started in ${seconds} s)`);
    });
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      server.close();
      server.closeAllConnections();
      void jobs
        .stop()
        .then(() => handle.close())
        .finally(() => process.exit(0));
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    // A stray rejection is a bug to log, not a reason to take the site down for everyone.
    process.on("unhandledRejection", (reason) => logger().error({ err: reason }, "unhandled rejection"));
  }
} catch (error) {
  exitWithError(error);
}

/** Set by scripts/launcher.mjs (`npm start`, the end-to-end server); absent when this file runs under tsx directly. */
function launcher(): { script: string; importNative(url: string): Promise<unknown> } | undefined {
  return (globalThis as Record<symbol, ReturnType<typeof launcher>>)[Symbol.for("toolnest.launcher")];
}

export {};
