import { spawn } from "node:child_process";
import path from "node:path";

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's scripts as a user would, with a clean environment of our choosing. */
export function runScript(script: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000) {
  return new Promise<ScriptResult>((resolve, reject) => {
    const { DATABASE_URL: _ignored, ...base } = process.env;
    // JavaScript (the `npm start` launcher) runs on plain Node, as npm runs it; TypeScript under tsx.
    const [command, commandArgs] = script.endsWith(".mjs") ? [process.execPath, [script, ...args]] : [path.resolve("node_modules/.bin/tsx"), [script, ...args]];
    const child = spawn(command, commandArgs, {
      env: { ...base, NODE_ENV: "production", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
