/**
 * Input no route can use, refused with a 4xx before routing (decision 026): URLs that do not
 * decode to text, NUL characters anywhere a value could reach SQL (PostgreSQL refuses \0 in
 * text, which surfaced as 500s), and page writes that are not forms.
 */
import type { NextFunction, Request, Response } from "express";
import { bufferedBody } from "./body-limit";
import { sendRefusal } from "./refusal";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const ESCAPE_RUNS = /(?:%[0-9a-f]{2})+/gi;

/** Whether the percent-escapes in text encode a NUL or bytes that are not UTF-8 (a lone surrogate, say). */
export function hasBadEscapes(text: string): boolean {
  for (const [run] of text.matchAll(ESCAPE_RUNS)) {
    const bytes = Uint8Array.from(run.slice(1).split("%"), (hex) => parseInt(hex, 16));
    if (bytes.includes(0)) return true;
    try {
      strictUtf8.decode(bytes);
    } catch {
      return true;
    }
  }
  return false;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** 400 for an address whose path or query does not decode to text without NUL. */
export function rejectMalformedUrl(req: Request, res: Response, next: NextFunction) {
  if (decodes(req.path) && !hasBadEscapes(req.originalUrl)) return next();
  sendRefusal(req, res, 400, "Bad Request", "This address is malformed.");
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function mediaType(req: Request): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A lone surrogate: JSON may spell one (`"\ud800"`), and it is no character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string in a parsed JSON value (keys included) holds a NUL or a lone surrogate. */
function hasBadText(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0") || LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasBadText);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => hasBadText(key) || hasBadText(item));
  return false;
}

function jsonProblem(body: Buffer): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return null; // Malformed JSON is the route's to refuse, in its own words.
  }
  return hasBadText(value) ? "The JSON body contains a NUL character or a lone surrogate." : null;
}

/** Why a body cannot be used, or null: a form that does not parse, or a NUL in a text value. */
async function bodyProblem(type: string, body: Buffer<ArrayBuffer>, contentType: string): Promise<string | null> {
  if (type === "application/x-www-form-urlencoded") {
    for (const [name, value] of new URLSearchParams(body.toString("latin1"))) {
      if (name.includes("\0") || value.includes("\0")) return "The form contains a NUL character.";
    }
    return null;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return "The form could not be read.";
    }
    for (const [name, value] of form) {
      if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return "The form contains a NUL character.";
    }
    return null;
  }
  if (type === "application/json" || type.endsWith("+json")) {
    return jsonProblem(body);
  }
  return null;
}

/** Stripe posts its signed webhook events as JSON: the one non-API path that takes JSON (decision 047). */
const PAYMENT_WEBHOOK_PATH = "/webhooks/stripe";

function isPaymentWebhook(req: Request, type: string): boolean {
  return req.method === "POST" && req.path === PAYMENT_WEBHOOK_PATH && type === "application/json";
}

/**
 * Page actions take forms only (HTML forms and React Router's fetchers send nothing else), so
 * another body type answers 415 instead of failing in request.formData(); any body with a NUL
 * in a value, or a form that does not parse, answers 400. Runs after limitBody.
 */
export async function rejectUnusableBodies(req: Request, res: Response, next: NextFunction) {
  const body = bufferedBody(req);
  if (!body || req.method === "GET" || req.method === "HEAD") return next();
  const type = mediaType(req);
  if (!req.path.startsWith("/api/") && !FORM_TYPES.has(type) && !isPaymentWebhook(req, type)) {
    return sendRefusal(req, res, 415, "Unsupported Media Type", "This page accepts forms only (application/x-www-form-urlencoded or multipart/form-data).");
  }
  const problem = await bodyProblem(type, body, req.headers["content-type"] ?? "");
  if (problem) return sendRefusal(req, res, 400, "Bad Request", problem);
  next();
}
