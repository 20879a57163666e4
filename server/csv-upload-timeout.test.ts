/**
 * The CSV upload's own deadline (decision 042), through the production server (server/app.ts,
 * limitBody, the page handler, React Router) and the real upload route: a body still trickling in
 * past the deadline gets 408 with the upload page's message, its import ends failed with nothing
 * staged, and the next upload works. Node's whole-server requestTimeout stays above it as a backstop.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { UPLOAD_TIMED_OUT_MESSAGE } from "~/features/catalog-import/csv-format";
import * as uploadRoute from "~/routes/admin.products.upload-csv";
import { adminCookie, APP_URL, localSettings } from "../tests/support/auth";
import { dataOnlyBuild } from "../tests/support/data-server";
import { createServerApp } from "./app";
import { CSV_UPLOAD_PATH, requestTimeoutBackstopMs } from "./body-limit";

const HEADER = "product_name,headline,tagline,description,pricing,website_url\n";
const row = (name: string) => `${name},A headline for ${name},Tagline,"${"A tool that helps teams plan and ship their work. ".repeat(2)}",free,https://${name.toLowerCase().replace(/\W/g, "")}.example.com\n`;

let server: http.Server;
let port = 0;
let cookie = "";

beforeAll(async () => {
  setAuthSettings(localSettings());
  cookie = await adminCookie(`timeout-admin-${Date.now()}@example.com`);
  const build = dataOnlyBuild([
    { id: "root", path: "", module: {} },
    { id: "routes/admin.products.upload-csv", parentId: "root", path: CSV_UPLOAD_PATH.slice(1), module: uploadRoute },
  ]);
  // A short deadline for the upload (the setting is CSV_UPLOAD_TIMEOUT_SECONDS); other bodies keep theirs.
  const app = createServerApp({ mode: "production", build, clientDir: "/nonexistent", bodyTimeouts: { bodyTimeoutMs: 60_000, csvUploadTimeoutMs: 1_500 } });
  server = http.createServer(app);
  server.requestTimeout = requestTimeoutBackstopMs({ bodyTimeoutMs: 60_000, csvUploadTimeoutMs: 1_500 });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  setAuthSettings(undefined);
});

/** Posts the upload: `first` at once, then one more row every `everyMs` until answered (or `rest` at once). */
function upload(fileName: string, first: string, options: { trickle?: { everyMs: number }; declared?: number } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { Cookie: cookie, Origin: APP_URL, "Content-Type": "text/csv", "X-File-Name": fileName };
    if (options.declared) headers["Content-Length"] = options.declared;
    const req = http.request({ host: "127.0.0.1", port, path: CSV_UPLOAD_PATH, method: "POST", headers });
    const trickling: { timer?: NodeJS.Timeout } = {};
    req.on("error", reject);
    req.on("response", (res) => {
      clearInterval(trickling.timer);
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
      res.on("error", reject);
    });
    req.write(first);
    if (!options.trickle) return void req.end();
    let n = 0;
    trickling.timer = setInterval(() => req.write(row(`Trickle ${n++}`)), options.trickle.everyMs);
  });
}

async function importOf(fileName: string) {
  const [record] = await queryRows<{ id: number; state: string; error: string | null }>(
    getDb(),
    sql`select id, state, error from catalog_imports where file_name = ${fileName} order by id desc limit 1`,
  );
  const [staged] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from catalog_import_rows where import_id = ${record?.id ?? -1}`);
  return { ...record, staged: staged!.n };
}

describe("an upload slower than its deadline", () => {
  it("answers 408 with the upload page's message, leaves the import failed with nothing staged, and the next upload works", async () => {
    const slowName = `slow-${Date.now()}.csv`;
    // 2,500 rows at once (more than one staged batch), then a row every 100 ms: still arriving at the deadline.
    const rows = Array.from({ length: 2500 }, (_, i) => row(`Slow Upload ${i}`)).join("");
    const slow = await upload(slowName, HEADER + rows, { trickle: { everyMs: 100 }, declared: 50 * 1024 * 1024 });
    expect(slow.status).toBe(408);
    expect(JSON.parse(slow.body)).toEqual({ error: UPLOAD_TIMED_OUT_MESSAGE });
    expect(await importOf(slowName)).toMatchObject({ state: "failed", error: UPLOAD_TIMED_OUT_MESSAGE, staged: 0 });

    const nextName = `next-${Date.now()}.csv`;
    const next = await upload(nextName, HEADER + row("Next Upload One") + row("Next Upload Two"));
    expect(next.status).toBe(201);
    expect(JSON.parse(next.body)).toMatchObject({ rows: 2, valid: 2 });
    expect(await importOf(nextName)).toMatchObject({ state: "mapping", staged: 2 });
  });

  it("keeps Node's own request deadline above every body deadline, so it never cuts an upload first", () => {
    expect(requestTimeoutBackstopMs({ bodyTimeoutMs: 300_000, csvUploadTimeoutMs: 1_800_000 })).toBeGreaterThan(1_800_000);
    expect(requestTimeoutBackstopMs({})).toBeGreaterThan(300_000);
  });
});
