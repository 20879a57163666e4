import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { setAuthSettings } from "../../app/domain/auth/auth.server";
import * as rootModule from "../../app/root";
import * as siteModule from "../../app/routes/_site";
import { createServerApp } from "../../server/app";
import { localSettings } from "./auth";

/** A route of a data-only build: React Router's id, its parent's id, its path, and the route module itself. */
export interface DataRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: object;
}

/**
 * The routes as React Router's server build holds them, with an entry that answers the loaders'
 * and action's data (`{ loaderData, actionData, errors }`) instead of rendering: the real request handling
 * (Express, our page handler, React Router's document and `.data` requests) without a bundle.
 */
export function dataOnlyBuild(routes: DataRoute[]): ServerBuild {
  type Context = { staticHandlerContext: { loaderData: unknown; actionData: unknown; errors: unknown } };
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, { staticHandlerContext: c }: Context) =>
          Response.json({ loaderData: c.loaderData, actionData: c.actionData, errors: c.errors }, { status, headers }),
      },
    },
    routes: Object.fromEntries(routes.map((route) => [route.id, route])),
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The production Express app serving `build` on a free port of 127.0.0.1: its base URL and how to stop it. */
export async function startDataServer(build: ServerBuild) {
  const server = createServerApp({ mode: "production", build, clientDir: "/nonexistent" }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * For one test file: the data-only server of site pages (root → _site → each page) with the local
 * auth settings, started before the tests and stopped after them. Read `.base` inside tests.
 */
export function serveSitePages(pages: { id: string; path: string; module: object }[]) {
  const server = { base: "" };
  let close: () => Promise<unknown> = async () => undefined;
  beforeAll(async () => {
    setAuthSettings(localSettings());
    const build = dataOnlyBuild([
      { id: "root", path: "", module: rootModule },
      { id: "routes/_site", parentId: "root", module: siteModule },
      ...pages.map((page) => ({ ...page, parentId: "routes/_site" })),
    ]);
    ({ base: server.base, close } = await startDataServer(build));
  });
  afterAll(async () => {
    await close();
    setAuthSettings(undefined);
  });
  return server;
}
