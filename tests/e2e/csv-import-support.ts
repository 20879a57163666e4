/** Shared by the CSV import specs: an admin session over HTTP, and CSV files built from rows. */
import http from "node:http";
import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";

export const HEADER = ["product_name", "headline", "tagline", "description", "pricing", "website_url", "topics", "logo_url"];
export const DESCRIPTION = "A tool that helps teams plan, write and ship their work without losing track of details.";

const octet = () => Math.floor(Math.random() * 250) + 1;
export const visitorAddress = () => `10.${octet()}.${octet()}.${octet()}`;

export async function signInAdmin(request: APIRequestContext, baseURL: string, address = visitorAddress()) {
  const response = await portalSignIn(request, baseURL, address, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(response.status(), "admin sign-in").toBe(302);
}

function quote(cell: string) {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csv(rows: string[][], header = HEADER): string {
  return [header, ...rows].map((r) => r.map(quote).join(",")).join("\n") + "\n";
}

export function row(name: string, overrides: Partial<Record<string, string>> = {}): string[] {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const values: Record<string, string> = {
    product_name: name,
    headline: "Plan your week in minutes",
    tagline: "Plans that keep themselves",
    description: DESCRIPTION,
    pricing: "freemium",
    website_url: `https://${slug}.example.com`,
    topics: "planning, productivity",
    logo_url: "",
    ...overrides,
  };
  return HEADER.map((c) => values[c] ?? "");
}

/** Cookies of a request context as one header, for raw node:http requests. */
export async function cookieHeader(request: APIRequestContext): Promise<string> {
  const state = await request.storageState();
  return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A POST whose headers promise a body of `declared` bytes, of which nothing is sent: the answer must come from the headers. */
export function declareOnly(baseURL: string, path: string, headers: Record<string, string>, declared: number) {
  const url = new URL(path, baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...headers, "Content-Length": String(declared) } });
    req.on("error", reject);
    req.flushHeaders();
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    setTimeout(() => reject(new Error("no answer from the headers alone")), 10_000).unref();
  });
}
