/**
 * Runs a TypeScript entry point on plain Node: the entry and the project's modules it imports are
 * bundled by esbuild into JavaScript under the build directory (packages stay external and load
 * as ordinary Node modules), then imported. Used by `npm start` (start.mjs) and by the end-to-end
 * server (tests/e2e/serve.mjs), so the tests run the server as production does.
 *
 * Decision 059 ran the entry through tsx registered for one namespace; its loader thread and
 * compiled-module cache were still about 120 MB of every server process. The bundle takes about
 * 0.1 s to make, so it is made at each start (cluster workers reuse their primary's), and kept
 * by content hash: servers started from different sources (parallel test runs) keep their own.
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL, URL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** Set for cluster workers: the bundle their primary made. */
const BUNDLE_ENV = "TOOLNEST_LAUNCH_BUNDLE";
/** Bundles of other sources older than this are removed when a new one is written. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export async function launch(entry, parentURL) {
  // A worker (re)started long after its primary finds the bundle pruned, and makes it again.
  const inherited = cluster.isWorker ? process.env[BUNDLE_ENV] : undefined;
  const file = inherited && fs.existsSync(inherited) ? inherited : await bundle(fileURLToPath(new URL(entry, parentURL)));
  process.env[BUNDLE_ENV] = file;
  return import(pathToFileURL(file).href);
}

/**
 * Where bundles are kept: not under build/, which React Router's build empties (a server starts
 * its bundle, then builds the app when its sources changed, then imports the rest of the bundle).
 */
const cacheDirectory = path.join(root, "node_modules/.cache/toolnest-launch");

/** Bundles `file` and returns the path of its entry in `<cache>/<hash>/`. */
async function bundle(file) {
  const { build, stop } = await import("esbuild");
  const name = path.basename(file).replace(/\.[cm]?tsx?$/, "");
  const result = await build({
    entryPoints: [file],
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.json"),
    bundle: true,
    // Each dynamic import stays a chunk of its own, loaded when reached: start.ts sets NODE_ENV
    // and reads its configuration before the packages behind the database or React are loaded.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    outdir: "launch",
    entryNames: "[name]",
    outExtension: { ".js": ".mjs" },
    write: false,
    logLevel: "warning",
  }).finally(() => stop()); // esbuild's service process would otherwise live as long as the server
  const outRoot = path.join(root, "launch");
  const hash = crypto.createHash("sha256");
  for (const out of result.outputFiles) hash.update(path.relative(outRoot, out.path)).update("\0").update(out.contents);
  const dir = path.join(cacheDirectory, hash.digest("hex").slice(0, 16));
  if (!fs.existsSync(dir)) {
    // Written aside and renamed into place: another server starting now may be writing the same.
    const scratch = `${dir}.${process.pid}.tmp`;
    for (const out of result.outputFiles) {
      const target = path.join(scratch, path.relative(outRoot, out.path));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, out.contents);
    }
    try {
      fs.renameSync(scratch, dir);
    } catch {
      fs.rmSync(scratch, { recursive: true, force: true }); // the other one won: same contents
    }
    prune(cacheDirectory, dir);
  }
  return path.join(dir, `${name}.mjs`);
}

function prune(parent, keep) {
  for (const entry of fs.readdirSync(parent)) {
    const dir = path.join(parent, entry);
    try {
      if (dir !== keep && Date.now() - fs.statSync(dir).mtimeMs > KEEP_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already.
    }
  }
}
