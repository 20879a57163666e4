/**
 * `npm start`: build if needed, migrate, seed an empty database, serve the production build.
 * On PostgreSQL it serves from one worker process per core (node's cluster; `WEB_CONCURRENCY` sets the
 * number): the primary prepares the database and the build once, then forks the workers, which share
 * the port and hear each other's cache invalidations through LISTEN/NOTIFY. The embedded database
 * lives in one process, so on PGlite there is one.
 *
 * The server itself is part of the build (server/main.ts, decision 078): this script migrates and
 * seeds beside the build, closes the database, and hands over to the build's `startServer`, which
 * opens it again with the app's own modules.
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
  let prepared: { kind: string; where: string } | undefined;
  if (cluster.isPrimary) {
    // The first line says which mode this is (issue 17): a development build measures and behaves differently.
    const database = env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
    console.log(`Starting ${env.SITE_NAME} in ${process.env.NODE_ENV} mode (${database}, ${workers.count} ${workers.count === 1 ? "worker" : "workers"})`);
    const { devSignInBanner } = await import("../app/domain/auth/config.server");
    const devSignIn = devSignInBanner(env);
    if (devSignIn) console.log(devSignIn);
    if (workers.note) console.log(workers.note);
    // The build (when the sources changed) runs beside the migrations and the first seed.
    const { ensureBuild } = await import("../server/build");
    const building = ensureBuild();
    building.catch(() => {});
    const { openDatabase } = await import("../app/db/client.server");
    const { migrateAndSeed } = await import("../server/database");
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: "npm start" });
    prepared = { kind: handle.kind, where: handle.where };
    try {
      await migrateAndSeed(handle, { seed: env.SEED && !process.argv.includes("--no-seed"), log: console.log });
    } finally {
      await handle.close();
    }
    await building;
  }
  if (cluster.isPrimary && workers.count > 1) {
    const { runPrimary } = await import("../server/cluster");
    // Workers run what this process runs: scripts/start.mjs for `npm start`, or this file under tsx.
    runPrimary(workers.count, process.argv[1]!, (ready) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${env.SITE_NAME} is ready on ${env.APP_URL} (${prepared?.kind}: ${prepared?.where}; ${ready} workers; started in ${seconds} s)`);
    });
  } else {
    const path = await import("node:path");
    const { pathToFileURL } = await import("node:url");
    const { buildDirectory } = await import("../server/build");
    const server = (await import(pathToFileURL(path.join(buildDirectory(), "server/index.js")).href)) as typeof import("../server/main");
    await server.startServer({ started });
  }
} catch (error) {
  exitWithError(error);
}

export {};
