import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { GetManualChunk } from "rollup";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { precompressPlugin } from "./server/precompress";

/**
 * React, React DOM and React Router load on every page, and so do a few small helpers every page
 * uses: one file rather than a dozen saves their per-file gzip overhead (decision 052).
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@react-router\/dev)\/|vite\/preload-helper|\/app\/components\/(deferred-part\.tsx|ui\/(lucide-icon\.ts|cn\.ts|slot\.tsx|button\.tsx))$|\/node_modules\/clsx\//;

/**
 * Each lucide icon module builds its component with lucide's createLucideIcon; point them at
 * app/components/ui/lucide-icon.ts, which renders the same <svg> in a fraction of the code
 * (decision 052). The server bundles lucide-react (ssr.noExternal) so both sides render it alike.
 */
function smallLucideIcons(): Plugin {
  const replacement = path.resolve(import.meta.dirname, "app/components/ui/lucide-icon.ts");
  return {
    name: "toolnest:small-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer?.includes("/node_modules/lucide-react/dist/esm/icons/")) return replacement;
      return null;
    },
  };
}

/**
 * FRAMEWORK's chunk, in the browser build only: the server build (the same config, after the
 * browser's) bundles the app as it always has. It is the one whose graph has app/entry.server.tsx.
 */
const serverBuilds = new WeakMap<object, boolean>();
const manualChunks: GetManualChunk = (id, meta) => {
  let server = serverBuilds.get(meta.getModuleIds);
  if (server === undefined) {
    server = [...meta.getModuleIds()].some((moduleId) => moduleId.endsWith("/app/entry.server.tsx"));
    serverBuilds.set(meta.getModuleIds, server);
  }
  return !server && FRAMEWORK.test(id) ? "framework" : undefined;
};

export default defineConfig({
  // precompressPlugin: brotli and gzip copies of the client build, served by server/static-files.ts (decision 053).
  plugins: [smallLucideIcons(), tailwindcss(), reactRouter(), precompressPlugin()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: { target: "es2022", rollupOptions: { output: { manualChunks } } },
  ssr: { noExternal: ["lucide-react"] },
});
