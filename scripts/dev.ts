/** `npm run dev`: the app with Vite's hot reload, on the same database set-up as `npm start`. */
process.env.NODE_ENV ??= "development";

const { exitWithError } = await import("../server/cli");
try {
  const { parseEnv } = await import("../app/lib/env.server");
  const env = parseEnv();
  const { openAppDatabase } = await import("../server/database");
  const handle = await openAppDatabase(env, { purpose: "npm run dev", seed: env.SEED && !process.argv.includes("--no-seed"), log: console.log });
  const { startJobWorkers } = await import("../server/jobs");
  const jobs = await startJobWorkers(handle, env.DATABASE_URL);
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { bodyTimeoutsFromEnv, createServerApp } = await import("../server/app");
  const { requestTimeoutBackstopMs } = await import("../server/body-limit");
  const app = createServerApp({ mode: "development", vite: devServer });
  const server = app.listen(env.PORT, env.HOST, () => console.log(`${env.SITE_NAME} (development) on ${env.APP_URL}`));
  server.requestTimeout = requestTimeoutBackstopMs(bodyTimeoutsFromEnv());
  server.on("error", exitWithError);
  const stop = () => {
    server.close();
    void devServer
      .close()
      .then(() => jobs.stop())
      .then(() => handle.close()).finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  exitWithError(error);
}

export {};
