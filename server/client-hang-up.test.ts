/**
 * A client that hangs up (a page still streaming, an upload still arriving) is no server error: it
 * is logged at debug. A genuine failure still logs at error. Through the production server
 * (server/app.ts, the page handler, React Router and the real entry.server's streaming render).
 */
import net from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { createElement, Suspense, use } from "react";
import { Outlet, Scripts, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entry from "~/entry.server";
import { setLogger } from "~/lib/logger.server";
import { dataOnlyBuild, startDataServer } from "../tests/support/data-server";
import { CSV_UPLOAD_PATH } from "./body-limit";

type Line = { level: number; msg: string; url?: string; err?: { message?: string } };
const lines: Line[] = [];
let server: { base: string; close: () => Promise<unknown> };
let port = 0;

/** A promise that never settles: the page's streamed part, still pending when the client goes. */
const forever = new Promise<string>(() => {});
function Slow() {
  return createElement("p", null, use(forever));
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split("\n")) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  setLogger(pino({ level: "debug" }, sink));

  const build = dataOnlyBuild([
    {
      id: "root",
      path: "",
      module: { default: () => createElement("html", null, createElement("body", null, createElement(Outlet), createElement(Scripts))) },
    },
    {
      id: "routes/streaming",
      parentId: "root",
      path: "streaming",
      module: { default: () => createElement("main", null, "Shell ", createElement(Suspense, { fallback: "loading" }, createElement(Slow))) },
    },
    {
      id: "routes/upload",
      parentId: "root",
      path: CSV_UPLOAD_PATH.slice(1),
      module: {
        action: async ({ request }: { request: Request }) => {
          let bytes = 0;
          for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
          return { bytes };
        },
      },
    },
    {
      id: "routes/broken",
      parentId: "root",
      path: "broken",
      module: {
        loader: () => {
          throw new Error("a genuine failure");
        },
      },
    },
  ]);
  // The browser manifest's entries, which the streaming render needs to find each route's component.
  const manifestRoutes = Object.fromEntries(
    Object.values(build.routes).map((route) => {
      const module = route!.module as { loader?: unknown; action?: unknown };
      return [
        route!.id,
        { id: route!.id, parentId: route!.parentId, path: route!.path, module: `/${route!.id}.js`, imports: [], hasLoader: !!module.loader, hasAction: !!module.action, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false },
      ];
    }),
  );
  const real = { ...build, entry: { module: entry }, assets: { ...build.assets, routes: manifestRoutes } } as unknown as ServerBuild;
  server = await startDataServer(real);
  port = Number(new URL(server.base).port);
});

afterAll(async () => {
  await server.close();
  setLogger(undefined);
});

/** Sends `head` (and `body`), then destroys the socket after `waitMs`, as a closed tab or a reset does. */
function hangUp(head: string, options: { body?: string; waitMs: number }) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(head);
      if (options.body) socket.write(options.body);
      setTimeout(() => socket.destroy(), options.waitMs);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Waits until a log line says how the request ended: at debug (the client went away) or at error. */
async function ended(url: string) {
  const done = () => lines.some((line) => (line.url ?? "").endsWith(url) && (line.level >= 50 || /went away/.test(line.msg)));
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  await settle();
}
const errors = () => lines.filter((line) => line.level >= 50);

describe("a client that hangs up", () => {
  it("mid-page (a part still streaming) is logged at debug, not error", async () => {
    lines.length = 0;
    await hangUp(`GET /streaming HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, { waitMs: 300 });
    await ended("/streaming");
    expect(errors()).toEqual([]);
    expect(lines.some((line) => line.level === 20 && /went away/.test(line.msg))).toBe(true);
  });

  it("mid-upload is logged at debug, not error", async () => {
    lines.length = 0;
    const head = `POST ${CSV_UPLOAD_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\nContent-Length: 1000000\r\n\r\n`;
    await hangUp(head, { body: "product_name\n".repeat(1000), waitMs: 200 });
    await ended(CSV_UPLOAD_PATH);
    expect(errors()).toEqual([]);
    expect(lines.some((line) => line.level === 20 && /went away/.test(line.msg))).toBe(true);
  });

  it("while a genuine failure still logs at error", async () => {
    lines.length = 0;
    const response = await fetch(`${server.base}/broken`);
    expect(response.status).toBe(500);
    await settle();
    expect(errors().map((line) => line.err?.message)).toContain("a genuine failure");
  });
});
