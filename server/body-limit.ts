/**
 * One cap on every request body, counted while it arrives and before any parser sees it
 * (decision 026). The body is read here, up to the cap, and handed to the page handler whole
 * (bufferedBody), so no form action, API route or Better Auth endpoint can read an unbounded one.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { sendRefusal } from "./refusal";

export interface BodyLimits {
  /** Every request's body (forms, JSON). */
  maxBytes: number;
  /** The avatar upload's body (uploadRoute). */
  uploadBytes: number;
  /** The admin CSV upload's body, which is streamed to its route instead of buffered (default: uploadBytes). */
  csvUploadBytes?: number;
  /** How long a body may take to arrive (default 300 s, Node's old requestTimeout): then 408 and the connection closes. */
  bodyTimeoutMs?: number;
  /** The same for the CSV upload's streamed body (default 30 min): its route answers the 408 with the upload's message. */
  csvUploadTimeoutMs?: number;
}

const DEFAULT_BODY_TIMEOUT_MS = 300_000;
const DEFAULT_CSV_UPLOAD_TIMEOUT_MS = 30 * 60_000;

/**
 * Node's own requestTimeout for the whole server (`server.requestTimeout`), kept as a backstop
 * above every body deadline here: at its default (300 s) it cut a 100 MB upload on a slow link
 * with a bare 408 before the upload's own, longer deadline, and Node's answer has no message.
 */
export function requestTimeoutBackstopMs(limits: Pick<BodyLimits, "bodyTimeoutMs" | "csvUploadTimeoutMs">): number {
  return Math.max(limits.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS, limits.csvUploadTimeoutMs ?? DEFAULT_CSV_UPLOAD_TIMEOUT_MS) + 60_000;
}

/** The route whose body is streamed, not buffered: the admin CSV bulk upload (decision 042). */
export const CSV_UPLOAD_PATH = "/admin/products/upload-csv";

const streams = new WeakMap<IncomingMessage, Readable>();

/** The streamed body of the CSV upload route, capped while it flows; undefined for every other request. */
export function streamedBody(req: IncomingMessage): Readable | undefined {
  return streams.get(req);
}

function isStreamedRoute(req: Request): boolean {
  return req.method === "POST" && req.path === CSV_UPLOAD_PATH;
}

const bodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

/** The request's body as read by limitBody; undefined when it had none. */
export function bufferedBody(req: IncomingMessage): Buffer<ArrayBuffer> | undefined {
  return bodies.get(req);
}

/** The one route that takes a file: the Edit Profile form's avatar (a document or single-fetch post). */
function isUploadRoute(req: Request): boolean {
  return req.method === "POST" && (req.path === "/profile" || req.path === "/profile.data");
}

function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function limitBody(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const streamed = isStreamedRoute(req);
    const cap = streamed ? (limits.csvUploadBytes ?? limits.uploadBytes) : isUploadRoute(req) ? limits.uploadBytes : limits.maxBytes;
    // Node has already refused a malformed Content-Length; a declared size over the cap is not read at all.
    if (Number(req.headers["content-length"] ?? 0) > cap) return tooLarge(req, res, cap);
    if (streamed) {
      streams.set(req, cappedStream(req, res, cap, limits.csvUploadTimeoutMs ?? DEFAULT_CSV_UPLOAD_TIMEOUT_MS));
      return next();
    }

    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > cap) {
        stop();
        tooLarge(req, res, cap);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      bodies.set(req, Buffer.concat(chunks, total));
      next();
    };
    // A client that hangs up mid-body gets nothing: there is no one to answer, and nothing to log.
    const onClose = () => stop();
    // A body that trickles in for longer than its time is cut with an answer (Node's requestTimeout is only a backstop).
    const timer = setTimeout(() => {
      stop();
      closeAfterAnswer(req, res);
      sendRefusal(req, res, 408, "Request Timeout", "The request took too long to arrive.");
    }, limits.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS);
    const stop = () => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
    };
    req.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onClose);
  };
}

/**
 * How long the rest of a refused body is read and dropped before the connection is closed. Closing
 * a socket that still has unread data makes the kernel reset the connection, and the client then
 * loses the 413 it was already sent (seen as "no answer" under load). nginx's lingering close does
 * the same.
 */
const LINGER_MS = 2_000;

/** 413 with `Connection: close`: the answer goes out, the rest of the body is drained briefly, then the socket closes. */
function tooLarge(req: Request, res: Response, cap: number) {
  closeAfterAnswer(req, res);
  sendRefusal(req, res, 413, "Payload Too Large", `The request body is larger than ${formatBytes(cap)}.`);
}

/** The rest of the body will not be read: close the connection once the answer is out, lingering as above. */
function closeAfterAnswer(req: IncomingMessage, res: Response) {
  if (!res.headersSent) res.setHeader("Connection", "close");
  req.resume();
  // Node ends and destroys a "Connection: close" socket the moment the answer is written
  // (destroySoon); end it (FIN) there instead, and destroy it once the client had time to read.
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * The body as a stream that fails with a 413 error (status 413, the refusal's message) once more
 * than `cap` bytes have come, or with a 408 error (status 408) when it has not
 * all come within `timeoutMs`; the route answers it. If the route stops reading early (a bad file),
 * the connection is closed after its answer rather than the rest being read.
 */
function cappedStream(req: Request, res: Response, cap: number, timeoutMs: number): Readable {
  let total = 0;
  let ended = false;
  const timer = setTimeout(() => counter.destroy(Object.assign(new Error("The upload took too long to arrive."), { status: 408 })), timeoutMs);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      total += chunk.byteLength;
      if (total > cap) {
        done(Object.assign(new Error(`The file is larger than ${formatBytes(cap)}.`), { status: 413 }));
        return;
      }
      done(null, chunk);
    },
  });
  req.once("end", () => {
    ended = true;
    clearTimeout(timer);
  });
  counter.once("close", () => {
    clearTimeout(timer);
    if (!ended) {
      req.unpipe(counter);
      closeAfterAnswer(req, res);
    }
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
