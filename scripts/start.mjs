/**
 * `npm start`: runs scripts/start.ts on plain Node, with TypeScript support for the project's own
 * modules only (tsx's namespaced register). The production server bundle and the packages load as
 * ordinary Node modules: under tsx's process-wide hooks every module the server loads went through
 * its loader thread, about 210 MB more resident memory in every server process (decision 059).
 * Cluster workers run this file too.
 */
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

globalThis[Symbol.for("toolnest.launcher")] = {
  /** What cluster workers run: this launcher, not the TypeScript it loads. */
  script: fileURLToPath(import.meta.url),
  /** Imports a JavaScript module (the server build) outside tsx's namespace. */
  importNative: (url) => import(url),
};
const tsx = register({ namespace: "toolnest-start" });
await tsx.import("./start.ts", import.meta.url);
