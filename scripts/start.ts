/** `npm start`: build if needed, migrate, seed an empty database, serve the production build. */
process.env.NODE_ENV ??= "production";
const started = performance.now();

const { exitWithError } = await import("../server/cli");
try {
  const { parseEnv } = await import("../app/lib/env.server");
  const env = parseEnv();
  const { devSignInBanner } = await import("../app/domain/auth/config.server");
  const devSignIn = devSignInBanner(env);
  if (devSignIn) console.log(devSignIn);
  const noSeed = process.argv.includes("--no-seed");
  const { openDatabase } = await import("../app/db/client.server");
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: "npm start" });
  // The build (when the sources changed) runs beside the migrations and the first seed.
  const { ensureBuild } = await import("../server/build");
  const building = ensureBuild();
  building.catch(() => {});
  const { prepareDatabase } = await import("../server/database");
  await prepareDatabase(handle, { seed: env.SEED && !noSeed, log: console.log });
  await building;
  const { startJobWorkers } = await import("../server/jobs");
  const jobs = await startJobWorkers(handle, env.DATABASE_URL);
  const path = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const { buildDirectory } = await import("../server/build");
  const build = await import(pathToFileURL(path.join(buildDirectory(), "server/index.js")).href);
  const { createServerApp } = await import("../server/app");
  const app = createServerApp({ mode: "production", build: build as import("react-router").ServerBuild, pageCacheSeconds: env.PAGE_CACHE_SECONDS });
  const http = await import("node:http");
  const { serveCachedPage } = await import("../server/request-handler");
  const { logger } = await import("../app/lib/logger.server");
  // Cached anonymous pages are answered before Express; everything else goes through the app.
  const server = http.createServer((req, res) => {
    if (env.PAGE_CACHE_SECONDS > 0 && serveCachedPage(req, res)) {
      if (logger().isLevelEnabled("info")) logger().info({ method: req.method, url: req.url, status: res.statusCode, cache: "hit" }, "request");
      return;
    }
    app(req, res);
  });
  server.listen(env.PORT, env.HOST);
  server.on("error", exitWithError);
  server.on("listening", () => {
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
} catch (error) {
  exitWithError(error);
}

export {};
