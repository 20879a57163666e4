import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { GetManualChunk } from "rollup";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { precompressPlugin } from "./server/precompress";

/**
 * React, React DOM and React Router load on every page, and so do a few small helpers every page
 * uses: one file rather than a dozen saves their per-file gzip overhead (decision 052). So do the
 * stylesheet's URL (root.tsx, decision 063) and the number formatting (decision 064).
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@react-router\/dev)\/|vite\/preload-helper|\/app\/components\/(deferred-part\.tsx|ui\/(lucide-icon\.ts|cn\.ts|slot\.tsx|button\.tsx))$|\/app\/lib\/format\.ts$|\/app\/app\.css\?(url|transform-only)$|\/node_modules\/clsx\/|^\0commonjsHelpers\.js$/;

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
 * The browser build's shared chunks (decision 052); the server build (the same config, after
 * the browser's, the one whose graph has app/entry.server.tsx) bundles the app as it always has.
 * - "framework": FRAMEWORK, and what root.tsx loads, or both layouts (_site.tsx and admin.tsx)
 *   load: every page that renders has it.
 * - "site": the rest of what _site.tsx loads (header, footer, dialogs, menus, toaster...): every
 *   public page has it, admin pages do not.
 * - "catalog": what both home and a product page load and the layout does not (product cards and
 *   logos, the engagement buttons and store, route meta helpers...).
 * Left to Rollup, these are some thirty files of a few hundred bytes, each gzipped on its own.
 */
type ModuleInfo = { id: string; code: string | null; importedIds: readonly string[]; dynamicImporters: readonly string[] };
type Graph = { getModuleInfo: (id: string) => ModuleInfo | null };
const APP = path.resolve(import.meta.dirname, "app");
const LUCIDE = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/** Which file of lucide-react each name it exports comes from (its index re-exports them all). */
function lucideIcons(barrel: ModuleInfo): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, names, file] of (barrel.code ?? "").matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) icons.set(name!, path.resolve(path.dirname(barrel.id), file!));
  }
  return icons;
}

/** A module's static imports, lucide-react's index replaced by the icons the module names from it. */
function dependencies(info: ModuleInfo, icons: () => Map<string, string>): string[] {
  const found: string[] = [];
  for (const imported of info.importedIds) {
    if (!LUCIDE.test(imported)) {
      found.push(imported);
      continue;
    }
    for (const [, names] of (info.code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const name of names!.split(",")) {
        const icon = icons().get(name.trim().split(/\s+as\s+/)[0]!);
        if (icon) found.push(icon);
      }
    }
  }
  return found;
}

/**
 * The browser build's modules in the chunk they share (a module it leaves out goes where Rollup
 * puts it). A route "loads" a module when it imports it statically, directly or not; what is
 * imported dynamically anywhere (the deferred parts, panels and popups of decision 052) is not
 * followed and keeps a chunk of its own (its static imports in `import.meta.env.SSR` branches are
 * dropped later).
 */
function sharedChunks(graph: Graph & { getModuleIds: () => IterableIterator<string> }): Map<string, string> {
  let iconFiles: Map<string, string> | undefined;
  const icons = () => (iconFiles ??= lucideIcons(graph.getModuleInfo([...graph.getModuleIds()].find((id) => LUCIDE.test(id))!)!));
  const edges = new Map<string, string[]>();
  const dependenciesOf = (id: string) => {
    let found = edges.get(id);
    if (!found) {
      const info = graph.getModuleInfo(id);
      found = info ? dependencies(info, icons) : [];
      edges.set(id, found);
    }
    return found;
  };
  const closureOf = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || (id !== start && graph.getModuleInfo(id)?.dynamicImporters.length)) continue;
      seen.add(id);
      stack.push(...dependenciesOf(id));
    }
    return seen;
  };
  const ROUTE = "?__react-router-build-client-route";
  const routes = [...graph.getModuleIds()].filter((id) => id.endsWith(ROUTE)).map((id) => id.slice(APP.length + 1, -ROUTE.length));
  const closures = new Map(routes.map((route) => [route, closureOf(`${APP}/${route}${ROUTE}`)]));
  const loading = (id: string) => routes.filter((route) => closures.get(route)!.has(id));
  const isAdmin = (route: string) => route === "routes/admin.tsx" || route.startsWith("routes/admin.");

  const chunks = new Map<string, string>();
  const candidates = (ids: Iterable<string>, when: (id: string) => boolean = () => true) =>
    // Route modules stay in their route's chunk, styles with the module that imports them.
    [...ids].filter((id) => !chunks.has(id) && !id.includes("?") && !id.startsWith("\0") && !id.endsWith(".css") && !/\/app\/(root\.tsx|routes\/)/.test(id) && when(id));
  const assign = (ids: string[], chunk: string) => ids.forEach((id) => chunks.set(id, chunk));
  const root = closures.get("root.tsx")!;
  const site = closures.get("routes/_site.tsx")!;
  const home = closures.get("routes/home.tsx")!;
  const product = closures.get("routes/product.tsx")!;
  // The root and the site's layout are route modules every page (every public page) has: in the
  // shared chunk, each leaves a facade of a few bytes that React Router's manifest names.
  for (const [route, chunk] of [["root.tsx", "framework"], ["routes/_site.tsx", "site"]] as const) {
    chunks.set(`${APP}/${route}`, chunk).set(`${APP}/${route}${ROUTE}`, chunk);
  }
  assign(candidates(root), "framework");
  assign(candidates(site, (id) => loading(id).some(isAdmin)), "framework");
  assign(candidates(site), "site");
  assign(candidates(home, (id) => product.has(id)), "catalog");
  // And what a product page shares with other pages that all load the catalog chunk anyway, unless
  // it needs a module outside the shared chunks (which every page loading the catalog would then load).
  const catalogPages = new Set([...chunks].filter(([, chunk]) => chunk === "catalog").flatMap(([id]) => loading(id)));
  const productPages = new Set(routes.filter((route) => closures.get(route)!.has(`${APP}/routes/product.tsx`)));
  let extra = candidates(product, (id) => loading(id).every((route) => catalogPages.has(route)) && loading(id).some((route) => !productPages.has(route)));
  for (let changed = true; changed; ) {
    const kept = extra.filter((id) => dependenciesOf(id).every((dependency) => FRAMEWORK.test(dependency) || chunks.has(dependency) || extra.includes(dependency)));
    changed = kept.length < extra.length;
    extra = kept;
  }
  assign(extra, "catalog");
  return chunks;
}

const builds = new WeakMap<object, Map<string, string> | null>();
const manualChunks: GetManualChunk = (id, meta) => {
  let chunks = builds.get(meta.getModuleIds);
  if (chunks === undefined) {
    const server = [...meta.getModuleIds()].some((moduleId) => moduleId.endsWith("/app/entry.server.tsx"));
    chunks = server ? null : sharedChunks(meta);
    builds.set(meta.getModuleIds, chunks);
  }
  if (!chunks) return undefined;
  return FRAMEWORK.test(id) ? "framework" : chunks.get(id);
};

/**
 * The server build's entry: React Router's server build and the server that serves it, one bundle
 * with one copy of each module (server/main.ts, decision 078). The browser build keeps its own.
 */
const SERVER_ENTRY = path.resolve(import.meta.dirname, "server/main.ts");

export default defineConfig(({ isSsrBuild }) => ({
  // precompressPlugin: brotli and gzip copies of the client build, served by server/static-files.ts (decision 053).
  plugins: [smallLucideIcons(), tailwindcss(), reactRouter(), precompressPlugin()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // onlyExplicitManualChunks: a module manualChunks does not name is not pulled into its importer's chunk.
  build: { target: "es2022", rollupOptions: { ...(isSsrBuild ? { input: SERVER_ENTRY } : {}), output: { manualChunks, onlyExplicitManualChunks: true } } },
  ssr: { noExternal: ["lucide-react"] },
}));
