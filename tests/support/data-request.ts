import http from "node:http";
import { APP_URL } from "./auth";

/** What a request to the data-only server (data-server.ts) answered: the routes' data as JSON, when it sent JSON. */
export interface DataAnswer<Body> {
  status: number;
  location: string | null;
  setCookie: string[];
  body: Body | null;
}

export interface DataRequestInit {
  cookie?: string;
  /** A form post (POST, urlencoded) from APP_URL's pages: Origin APP_URL unless `origin` says otherwise. */
  form?: Record<string, string>;
  /** The Origin of a form post; null sends none (then `Sec-Fetch-Site` in `headers` decides). */
  origin?: string | null;
  /** A JSON body (POST), as a webhook sends it. */
  json?: string;
  headers?: Record<string, string>;
}

/**
 * One request over node:http, which (unlike fetch) may set Host: the app answers as APP_URL, the
 * address React Router compares a post's Origin with, as behind a proxy. A body makes it a POST.
 */
export function dataRequest<Body>(base: string, path: string, init: DataRequestInit = {}): Promise<DataAnswer<Body>> {
  const body = init.form ? new URLSearchParams(init.form).toString() : init.json;
  const headers: Record<string, string> = { Host: new URL(APP_URL).host, ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.form) {
    if (init.origin !== null) headers.Origin = init.origin ?? APP_URL;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}${path}`, { method: body === undefined ? "GET" : "POST", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const json = String(response.headers["content-type"]).includes("json") && text ? (JSON.parse(text) as Body) : null;
        const setCookie = response.headers["set-cookie"] ?? [];
        resolve({ status: response.statusCode!, location: response.headers.location ?? null, setCookie, body: json });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
