import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { currentOwner, ownerAlive, type LockOwner } from "../app/db/lock.server";

const root = process.cwd();
/** What the build is made from: the server is bundled with the app (server/main.ts, decision 078). */
const INPUTS = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package.json", "tsconfig.json"];
/** Where the production build goes (REACT_ROUTER_BUILD_DIR lets parallel test runs keep their own). */
export function buildDirectory(): string {
  return path.resolve(root, process.env.REACT_ROUTER_BUILD_DIR ?? "build");
}
const STAMP = path.join(buildDirectory(), ".source-hash");

function* walk(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    yield* walk(path.join(entry, name));
  }
}

function* inputs() {
  for (const input of INPUTS) yield* walk(input);
}

export function buildIsCurrent(hash = currentHash()): boolean {
  return fs.existsSync(path.join(buildDirectory(), "server/index.js")) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === hash;
}

export function currentHash(): string {
  const hash = crypto.createHash("sha256");
  for (const file of inputs()) hash.update(file).update("\0").update(fs.readFileSync(path.join(root, file)));
  return hash.digest("hex");
}

/**
 * Builds the production bundle when the sources changed since the last build. Runs as a child
 * process, so the caller can prepare the database meanwhile. Servers started at once on the same
 * sources (test files that each start one) build one at a time: two builds into one directory
 * removed each other's files, and a server failed to start.
 */
export async function ensureBuild(log: (line: string) => void = console.log): Promise<void> {
  const hash = currentHash();
  if (buildIsCurrent(hash)) return;
  await withBuildLock(async () => {
    // Another process may have built these very sources while this one waited.
    if (buildIsCurrent(hash)) return;
    log("Building the app (first start or sources changed)...");
    const bin = path.join(root, "node_modules/.bin/react-router");
    const child = spawn(bin, ["build"], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) throw new Error("The build failed; see the output above.");
    fs.writeFileSync(STAMP, hash);
  });
}

/** Runs `build` holding `<build directory>.lock`; waits while a live process holds it, takes it from a dead one. */
export async function withBuildLock(build: () => Promise<void>, file = `${buildDirectory()}.lock`): Promise<void> {
  let unreadableSince: number | undefined;
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify(currentOwner("build")), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: LockOwner | undefined;
      try {
        owner = JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
      } catch {
        // Being written this very moment; unreadable for seconds, it was left half-written by a crash.
        unreadableSince ??= Date.now();
      }
      if (owner) unreadableSince = undefined;
      const abandoned = owner ? !ownerAlive(owner) : Date.now() - (unreadableSince ?? Date.now()) > 5_000;
      if (abandoned) fs.rmSync(file, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await build();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
