import type { Request, Response } from "express";

/**
 * Answers a request the server refuses before any route runs (bad input, oversize body): the
 * API's error shape `{ "error": { "message" } }` under /api/, a small page elsewhere. The message
 * is fixed text from this server, never the request's.
 */
export function sendRefusal(req: Request, res: Response, status: number, title: string, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) {
    res.json({ error: { message } });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>${message}</p><a href="/">Back to Home</a></main></body></html>`,
    );
}
