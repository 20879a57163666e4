/**
 * `npm start`: runs scripts/start.ts on plain Node, with TypeScript support for the project's own
 * modules only (scripts/launcher.mjs). Under tsx's process-wide hooks every module the server
 * loaded went through its loader thread: about 120 MB more resident memory in every server process
 * (decision 059). Cluster workers run this file too.
 */
import { launch } from "./launcher.mjs";

await launch("./start.ts", import.meta.url);
