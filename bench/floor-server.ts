/**
 * React Router's floor on this server: the production build's own document (root Layout with its
 * meta, links and scripts) around one route that has no loader, no queries and no components, only
 * a block of text, among the app's real route table, served through the same Express app and request handler as the site. Whatever
 * this reaches is the most any rendered page of the app can reach. Started by bench/http.ts:
 * `NODE_ENV=production FLOOR_TEXT_BYTES=40000 PORT=… tsx bench/floor-server.ts` prints "ready" when
 * listening; the page is /__floor. Run it in production mode (React's development build is ~1.5x slower).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { Outlet, type ServerBuild } from "react-router";
import { openMemoryDatabase } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { createServerApp } from "../server/app";
import { buildDirectory } from "../server/build";

const text = "x".repeat(Number(process.env.FLOOR_TEXT_BYTES ?? 40_000));
const real = (await import(pathToFileURL(path.join(buildDirectory(), "server/index.js")).href)) as ServerBuild;
const root = real.routes.root!;
const rootAssets = real.assets.routes.root!;
const rootModule = root.module as { Layout?: unknown };

// The app's whole route table stays (matching costs what it costs the site); the root keeps only its
// document Layout (no loader), and one more route, /__floor, renders the text.
const floorRoute = {
  id: "routes/__floor",
  parentId: "root",
  path: "__floor",
  module: { default: () => createElement("main", null, createElement("p", null, text)) },
};
const build: ServerBuild = {
  ...real,
  routes: {
    ...real.routes,
    root: { ...root, module: { Layout: rootModule.Layout, default: () => createElement(Outlet) } as never },
    [floorRoute.id]: floorRoute as never,
  },
  assets: {
    ...real.assets,
    routes: {
      ...real.assets.routes,
      root: { ...rootAssets, hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false },
      [floorRoute.id]: {
        ...rootAssets,
        id: floorRoute.id,
        parentId: "root",
        path: "__floor",
        imports: [],
        css: [],
        hasLoader: false,
        hasAction: false,
        hasClientLoader: false,
        hasClientAction: false,
        hasErrorBoundary: false,
      } as never,
    },
  },
};

// The page reads nothing, but the server app listens for cache invalidations on the open database.
setDatabase(await openMemoryDatabase());
const app = createServerApp({ mode: "production", build, pageCacheSeconds: 0 });
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
