/**
 * An A/B of server settings: one `npm start` server per variant (its own env and Node options), on
 * one database, measured in turns on each page (loadInTurns: the cores' speed drifts more than the
 * differences measured). Prints requests per second and the server's CPU per request.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db with the demo catalogue> \
 *   AB_VARIANTS='[{"name":"default"},{"name":"semi32","node":["--max-semi-space-size=32"]},{"name":"20%","env":{"V8_HEAP_GROWING_PERCENT":"20"}}]' \
 *   AB_PATHS=/,/niche/communities AB_ROUNDS=6 AB_SECONDS=3 npx tsx bench/ab.ts
 *
 * One worker per server (WEB_CONCURRENCY=1) and the page cache off, unless a variant's env says otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { z } from "zod";
import { freePort, loadInTurns, waitHealthy } from "./http";

const variants = z
  .array(z.object({ name: z.string(), env: z.record(z.string(), z.string()).optional(), node: z.array(z.string()).optional() }))
  .min(1)
  .parse(JSON.parse(process.env.AB_VARIANTS ?? '[{"name":"default"}]'));
const paths = (process.env.AB_PATHS ?? "/").split(",");
const rounds = Number(process.env.AB_ROUNDS ?? 5);
const seconds = Number(process.env.AB_SECONDS ?? 3);

const servers: { name: string; port: number; child: ChildProcess }[] = [];
try {
  // One after the other: the first one builds when the sources changed.
  for (const variant of variants) {
    const port = await freePort();
    const child = spawn(process.execPath, [...(variant.node ?? []), "scripts/start.mjs", "--no-seed"], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: "1",
        PAGE_CACHE_SECONDS: "0",
        ...variant.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "silent",
        SEED: "false",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    servers.push({ name: variant.name, port, child });
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, child);
  }
  for (const pagePath of paths) {
    const results = await loadInTurns(
      servers.map((server) => ({ url: `http://127.0.0.1:${server.port}${pagePath}`, pid: server.child.pid! })),
      rounds,
      seconds,
    );
    console.table(results.map((result, i) => ({ page: pagePath, variant: servers[i]!.name, rps: Math.round(result.rps * 10) / 10, "cpu ms/request": Math.round(result.cpuUsPerRequest / 10) / 100 })));
  }
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
}
