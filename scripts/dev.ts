/**
 * `npm run dev`: the app with Vite's hot reload, on the same database set-up as `npm start`. The
 * server (server/serve.ts) is loaded through Vite like the app, so both use one copy of every
 * module (decision 078).
 */
process.env.NODE_ENV ??= "development";

const { exitWithError } = await import("../server/cli");
try {
  const { parseEnv } = await import("../app/lib/env.server");
  const env = parseEnv();
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { serveDevelopment } = (await devServer.ssrLoadModule("/server/serve.ts")) as typeof import("../server/serve");
  await serveDevelopment(devServer, { seed: env.SEED && !process.argv.includes("--no-seed") });
} catch (error) {
  exitWithError(error);
}

export {};
