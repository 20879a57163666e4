/**
 * Runs a TypeScript entry point on plain Node, with tsx registered for the project's own modules
 * only (a namespace): packages and the production server bundle load as ordinary Node modules,
 * not through tsx's loader thread (decision 059). Used by `npm start` (start.mjs) and by the
 * end-to-end server (tests/e2e/serve.mjs), so the tests run the server as production does.
 */
import { fileURLToPath, URL } from "node:url";
import { register } from "tsx/esm/api";

export async function launch(entry, parentURL) {
  globalThis[Symbol.for("toolnest.launcher")] = {
    /** What cluster workers run: npm start's launcher, not the TypeScript it loads. */
    script: fileURLToPath(new URL("./start.mjs", import.meta.url)),
    /** Imports a JavaScript module (the server build) outside tsx's namespace. */
    importNative: (url) => import(url),
  };
  const tsx = register({ namespace: "toolnest" });
  return tsx.import(entry, parentURL);
}
