import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { isDatabaseBusy } from "../app/db/client.server";
import { getDatabaseHandle } from "../app/db/registry.server";
import { recordServerError } from "../app/domain/error-log.server";
import { listenForInvalidations, onInvalidate } from "../app/db/cache-bus.server";
import { env, trustProxySetting } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { serveUploads } from "../app/lib/storage/serve-uploads.server";
import { uploadsDirectory } from "../app/lib/storage/storage.server";
import { admissionControl, arrivalCheck, QUEUE_WAIT_MS, sendOverloaded, type AdmissionOptions, type SlotLoad } from "./admission";
import { limitBody, type BodyLimits } from "./body-limit";
import { buildDirectory } from "./build";
import { dropCachedPages } from "./page-cache";
import { rejectMalformedUrl, rejectUnusableBodies } from "./input-guards";
import { clientGone, createPageHandler, serveCachedPage } from "./request-handler";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";

interface Options {
  mode: "production" | "development";
  build?: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  clientDir?: string;
  /** Seconds anonymous pages stay in this instance's page cache (0: off). */
  pageCacheSeconds?: number;
  /** Requests handled at once and queued (default: MAX_CONCURRENT_REQUESTS, MAX_QUEUED_REQUESTS, QUEUE_WAIT_MS). */
  admission?: AdmissionOptions;
  /** How long bodies may take to arrive (default: BODY_TIMEOUT_SECONDS, CSV_UPLOAD_TIMEOUT_SECONDS). */
  bodyTimeouts?: Pick<BodyLimits, "bodyTimeoutMs" | "csvUploadTimeoutMs">;
}

/** The body deadlines the settings ask for (server/body-limit.ts); also what `server.requestTimeout` must stay above. */
export function bodyTimeoutsFromEnv(): Required<Pick<BodyLimits, "bodyTimeoutMs" | "csvUploadTimeoutMs">> {
  return { bodyTimeoutMs: env().BODY_TIMEOUT_SECONDS * 1000, csvUploadTimeoutMs: env().CSV_UPLOAD_TIMEOUT_SECONDS * 1000 };
}

export function createServerApp({ mode, build, vite, clientDir = path.resolve(buildDirectory(), "client"), pageCacheSeconds = 0, admission, bodyTimeouts }: Options) {
  const app = express();
  // Writes on this instance or another drop the cached pages they change (app/db/cache-bus.server.ts).
  onInvalidate(dropCachedPages);
  listenForInvalidations();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: rate limits key on this address.
  app.set("trust proxy", trustProxySetting(env().TRUST_PROXY));

  app.use(requestLog(mode));
  app.use(securityHeaders(mode));
  // Bad addresses and bodies are refused before anything reads them (decision 026).
  app.use(rejectMalformedUrl);
  app.use(
    limitBody({
      maxBytes: env().MAX_BODY_BYTES,
      uploadBytes: env().MAX_UPLOAD_BYTES,
      csvUploadBytes: env().MAX_CSV_UPLOAD_BYTES,
      ...(bodyTimeouts ?? bodyTimeoutsFromEnv()),
    }),
  );
  app.use(rejectUnusableBodies);

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
    // Brotli or gzip for browsers that take it: precompressed at build time, else once on demand (decision 053).
    app.use("/assets", staticFiles(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Top-level public files all have an extension (favicon.svg); page URLs skip the disk lookup.
    const publicFiles = staticFiles(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  const admit = admissionControl(
    admission ?? {
      maxConcurrent: env().MAX_CONCURRENT_REQUESTS,
      maxQueued: env().MAX_QUEUED_REQUESTS,
      queueWaitMs: QUEUE_WAIT_MS,
      // On the embedded database a render runs within one turn of the loop (server/admission.ts).
      paceStarts: !env().DATABASE_URL,
    },
  );
  app.use(admit);
  // For createRequestListener: how loaded the slots are.
  app.locals.slotLoad = admit.load;

  const handler = createPageHandler({
    mode,
    pageCacheSeconds: vite ? 0 : pageCacheSeconds,
    build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> : build!,
  });
  app.use(handler);

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isDatabaseBusy(error)) {
      logger().warn({ url: req.originalUrl }, "no database connection in time: answered 503");
      return sendOverloaded(req, res);
    }
    if (clientGone(res)) return void logger().debug({ err: error, url: req.originalUrl }, "client went away");
    logger().error({ err: error, url: req.originalUrl }, "unhandled request error");
    void recordServerError({ method: req.method, path: req.path, status: 500, error });
    if (res.headersSent) return;
    res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

/**
 * The production server's request listener (scripts/start.ts): cached anonymous pages straight
 * from the page cache; /healthz, uploads and static files to the app, which serves them without
 * admission; every other request checked by arrivalCheck (server/admission.ts) as Node hands it
 * over, before Express, and refused at once while the process runs too late to answer it in time.
 */
export function createRequestListener(app: ReturnType<typeof createServerApp>, { pageCacheSeconds = 0, admission }: Pick<Options, "pageCacheSeconds" | "admission"> = {}) {
  const late = arrivalCheck(admission, app.locals.slotLoad as () => SlotLoad);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (pageCacheSeconds > 0 && serveCachedPage(req, res)) {
      if (logger().isLevelEnabled("info")) logger().info({ method: req.method, url: req.url, status: res.statusCode, cache: "hit" }, "request");
      return;
    }
    if (bypassesAdmission(req.url ?? "/") || !late(req, res)) app(req, res);
  };
}

/** What the app answers before admission control (see createServerApp): never refused for load. */
function bypassesAdmission(url: string): boolean {
  const pathname = url.split("?", 1)[0]!;
  return pathname === "/healthz" || pathname.startsWith("/assets/") || pathname.startsWith("/uploads/") || /\.[^/]+$/.test(pathname);
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
