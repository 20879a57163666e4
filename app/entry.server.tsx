/**
 * React Router's default server entry (streaming render, bots wait for all content), with its
 * errors sent to the structured log: one JSON line each instead of a stack printed to stderr; those
 * answered with a 5xx also go to the admin's error log (app/domain/error-log.server.ts).
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { recordServerError } from "~/domain/error-log.server";
import { NonceContext } from "~/lib/csp-nonce";
import { logger } from "~/lib/logger.server";
import { scriptsAfterPaint } from "~/lib/http/scripts-after-paint.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Abort the render after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // A visitor who hung up needs no more of the page: stop rendering it now (the server aborts the signal).
    const onClientGone = () => {
      clearTimeout(timeoutId);
      abort(request.signal.reason);
    };

    // The server's per-response nonce (server/security-headers.ts) goes on every inline script:
    // React Router's (through ServerRouter), React's streaming ones, and ours (NonceContext).
    const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
    const page = (
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // A part already rendered stays in place in the HTML. By default React moves finished
      // Suspense boundaries past the first 12,800 bytes out of line, to be put back by an inline
      // script: without JavaScript the reviews, makers and footer (decision 052) stayed hidden.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        const body = scriptsAfterPaint(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // The visitor left: the render stopped for them, nothing failed.
        if (request.signal.aborted) return void logger().debug({ url: request.url }, "render stopped: the client went away");
        // Errors before the shell rejects and reach handleError; these happened while streaming.
        if (shellRendered) {
          logger().error({ err: error, url: request.url }, "render error");
          if (!request.signal.aborted) void recordServerError({ method: request.method, path: new URL(request.url).pathname, status: 500, error });
        }
      },
    });
    if (request.signal.aborted) onClientGone();
    else request.signal.addEventListener("abort", onClientGone, { once: true });
  });
}

/**
 * Errors React Router catches in loaders, actions and rendering. A visitor who left is not an
 * error; a form posted from another site is refused (400) and logged as a warning.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A write to a page without an action is the client's mistake (405), not ours.
  if (isRouteErrorResponse(error) && error.status === 405) {
    logger().info({ method: request.method, url: request.url }, "method not allowed");
    return;
  }
  // A thrown response keeps the original error in a field React Router does not type.
  const wrapped = isRouteErrorResponse(error) ? (error as unknown as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  if (cause instanceof Error && /origin.*Aborting the action\.$/.test(cause.message)) {
    logger().warn({ method: request.method, url: request.url, origin: request.headers.get("origin") }, "cross-site form post refused");
    return;
  }
  logger().error({ err: cause, method: request.method, url: request.url }, "request error");
  // What the visitor got a 5xx for goes to the admin's error log (Debug Tools), scrubbed.
  const status = error instanceof Response || isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) void recordServerError({ method: request.method, path: new URL(request.url).pathname, status, error: cause });
};
