/** Times `npm start` from an empty data directory (first start) and again on the same one (warm). */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./http";


async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.ok) return (performance.now() - started) / 1000;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 180_000) throw new Error("npm start did not become healthy in 180 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export async function runStartupBench() {
  // As on a fresh clone right after `npm install`: no build, no data.
  fs.rmSync(path.resolve("build"), { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-start-"));
  try {
    const first = await timeStart(dataDir);
    const warm = await timeStart(dataDir);
    return { firstStartSeconds: first, warmStartSeconds: warm };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runStartupBench());
}
