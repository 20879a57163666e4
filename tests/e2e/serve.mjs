/** The end-to-end server (playwright.config.ts): serve.ts, launched as `npm start` launches start.ts. */
import { launch } from "../../scripts/launcher.mjs";

await launch("./serve.ts", import.meta.url);
