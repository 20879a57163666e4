/**
 * The version the service worker carries: a hash of the client build's asset names. Vite puts a
 * content hash in every asset name, so any change to the browser's code (or the route manifest)
 * gives a new version, and so a new worker script, which browsers then install as an update.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** The production server bundle is `<build>/server/index.js`; its assets are in `<build>/client/assets`. */
export function buildVersion(moduleUrl: string = import.meta.url): string {
  if (cached && moduleUrl === import.meta.url) return cached;
  const version = versionOfAssets(moduleUrl);
  if (moduleUrl === import.meta.url) cached = version;
  return version;
}

function versionOfAssets(moduleUrl: string): string {
  for (const relative of ["../client/assets/", "../../client/assets/"]) {
    try {
      const names = fs.readdirSync(fileURLToPath(new URL(relative, moduleUrl))).sort();
      if (names.length) return crypto.createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 16);
    } catch {
      // Not this layout (development, tests): try the next, then fall back.
    }
  }
  return "development";
}
