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
 * A variant's `dir` runs another checkout (a git worktree at an earlier commit, its database already
 * seeded there), for a before/after of a change in the same run:
 *   AB_VARIANTS='[{"name":"before","dir":"/work/wt-before"},{"name":"after"}]' AB_PATHS=/,/niche/communities npx tsx bench/ab.ts
 */
import { z } from "zod";
import { loadInTurns, startApp } from "./http";

const variants = z
  .array(z.object({ name: z.string(), env: z.record(z.string(), z.string()).optional(), node: z.array(z.string()).optional(), dir: z.string().optional() }))
  .min(1)
  .parse(JSON.parse(process.env.AB_VARIANTS ?? '[{"name":"default"}]'));
const paths = (process.env.AB_PATHS ?? "/").split(",");
const rounds = Number(process.env.AB_ROUNDS ?? 5);
const seconds = Number(process.env.AB_SECONDS ?? 3);

const servers: { name: string; app: Awaited<ReturnType<typeof startApp>> }[] = [];
try {
  // One after the other: the first one builds when the sources changed.
  for (const variant of variants) {
    servers.push({ name: variant.name, app: await startApp({ WEB_CONCURRENCY: "1", PAGE_CACHE_SECONDS: "0", ...variant.env }, variant.node, variant.dir) });
  }
  for (const pagePath of paths) {
    const results = await loadInTurns(
      servers.map(({ app }) => ({ url: `${app.base}${pagePath}`, pid: app.pid })),
      rounds,
      seconds,
    );
    console.table(results.map((result, i) => ({ page: pagePath, variant: servers[i]!.name, rps: Math.round(result.rps * 10) / 10, "cpu ms/request": Math.round(result.cpuUsPerRequest / 10) / 100 })));
  }
} finally {
  await Promise.all(servers.map(({ app }) => app.stop()));
}
