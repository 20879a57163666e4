import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getDatabaseHandle } from "../app/db/registry.server";
import { env, trustProxySetting } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { serveUploads } from "../app/lib/storage/serve-uploads.server";
import { uploadsDirectory } from "../app/lib/storage/storage.server";
import { buildDirectory } from "./build";
import { createPageHandler } from "./request-handler";

interface Options {
  mode: "production" | "development";
  build?: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  clientDir?: string;
  /** Seconds anonymous pages stay in this instance's page cache (0: off). */
  pageCacheSeconds?: number;
}

export function createServerApp({ mode, build, vite, clientDir = path.resolve(buildDirectory(), "client"), pageCacheSeconds = 0 }: Options) {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: rate limits key on this address.
  app.set("trust proxy", trustProxySetting(env().TRUST_PROXY));

  app.use(requestLog(mode));

  app.get("/healthz", async (_req, res) => {
    let ok = false;
    try {
      ok = await getDatabaseHandle().ping();
    } catch {
      ok = false;
    }
    res.status(ok ? 200 : 503).set("Cache-Control", "no-store").json({ status: ok ? "ok" : "unavailable", database: ok });
  });

  if (!env().S3_BUCKET) {
    // Uploaded files (avatars) on local disk; with S3 they are linked from the bucket.
    app.use("/uploads", serveUploads(uploadsDirectory()));
  }

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // Top-level public files all have an extension (favicon.svg); page URLs skip the disk lookup.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  const handler = createPageHandler({
    mode,
    pageCacheSeconds: vite ? 0 : pageCacheSeconds,
    build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> : build!,
  });
  app.use((req, res, next) => {
    // URLs that cannot be decoded get the 404 page rather than a crash.
    try {
      decodeURIComponent(req.path);
    } catch {
      res
        .status(400)
        .type("html")
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad Request</title></head>' +
            '<body><main><h1>Bad Request</h1><p>This address is malformed.</p><a href="/">Back to Home</a></main></body></html>',
        );
      return;
    }
    handler(req, res, next);
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger().error({ err: error, url: req.originalUrl }, "unhandled request error");
    if (res.headersSent) return;
    res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

function requestLog(mode: Options["mode"]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (mode !== "production" || req.path.startsWith("/assets/") || !logger().isLevelEnabled("info")) return next();
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      logger().info(
        {
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
        },
        "request",
      );
    });
    next();
  };
}
