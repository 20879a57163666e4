/** The CSV upload and its resource routes over HTTP: edge cases a browser does not reach (decision 042). */
import http from "node:http";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cookieHeader, csv, declareOnly, HEADER, row, signInAdmin, visitorAddress } from "./csv-import-support";

let admin: APIRequestContext;
let base = "";

test.beforeAll(async ({ baseURL }) => {
  base = baseURL!;
  admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: base, "X-Forwarded-For": visitorAddress() } });
  await signInAdmin(admin, base);
});
test.afterAll(() => admin.dispose());

function upload(body: string | Buffer, name = "products.csv", headers: Record<string, string> = {}) {
  return admin.post("/admin/products/upload-csv", {
    data: typeof body === "string" ? Buffer.from(body) : body,
    headers: { "Content-Type": "text/csv", "X-File-Name": encodeURIComponent(name), ...headers },
    maxRedirects: 0,
  });
}

test("the template is product_template.csv with every column and one example row", async () => {
  const response = await admin.get("/admin/products/template.csv");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="product_template.csv"');
  const lines = (await response.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe("product_name,headline,tagline,description,pricing,website_url,link,topics,logo_url,niche,subcategory");
  expect(lines).toHaveLength(2);
});

test("uploads answer with the spec's messages and the right status", async () => {
  const ok = await upload(csv([row("Http Upload One"), row("Http Upload Two")]));
  expect(ok.status()).toBe(201);
  const staged = await ok.json();
  expect(staged).toMatchObject({ rows: 2, valid: 2, invalid: 0, mapUrl: `/admin/products/map-csv/${staged.id}` });

  const cases: [string | Buffer, string, number, string | RegExp][] = [
    [csv([row("Not Csv")]), "products.xlsx", 400, "Please upload a valid CSV file"],
    [HEADER.join(",") + "\n", "header.csv", 400, "No data found in CSV file"],
    [HEADER.join(",") + "\n,,,,,,,\n", "empty-rows.csv", 400, "No valid data found in CSV file"],
    ["product_name,headline\nA,B\n", "columns.csv", 400, "Missing required fields: tagline, description, pricing, website_url (or link)"],
    [`${csv([row("Quote Break")])}"Unclosed,a,b\n`, "quote.csv", 400, /^Failed to parse CSV file\. Please check the file format\. \(row 3: /],
    [Buffer.from([0xff, 0xfe, 0x41, 0x00]), "utf16.csv", 400, /UTF-16/],
  ];
  for (const [body, name, status, message] of cases) {
    // A CSV content type would make any name acceptable (the spec: CSV by type or by extension).
    const response = await upload(body, name, name.endsWith(".csv") ? {} : { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    expect(response.status(), name).toBe(status);
    const answer = (await response.json()) as { error: string };
    if (typeof message === "string") expect(answer.error, name).toBe(message);
    else expect(answer.error, name).toMatch(message);
  }
  // No file name, or a multipart form: not the upload this route takes.
  const unnamed = await admin.post("/admin/products/upload-csv", { data: Buffer.from(csv([row("No Name")])), headers: { "Content-Type": "text/csv" } });
  expect(unnamed.status()).toBe(400);
  expect(await unnamed.json()).toEqual({ error: "Please upload a valid CSV file" });
});

test("a declared size over the cap is refused with 413 before the body is read", async () => {
  const cookie = await cookieHeader(admin);
  const refused = await declareOnly(base, "/admin/products/upload-csv", { Cookie: cookie, Origin: base, "Content-Type": "text/csv", "X-File-Name": "big.csv" }, 101 * 1024 * 1024);
  expect(refused.status).toBe(413);
  expect(refused.body).toContain("The request body is larger than 100 MB.");
});

test("a client that hangs up mid-upload leaves the import failed with nothing staged, and the server answers on", async () => {
  const cookie = await cookieHeader(admin);
  const name = `hang-up-${Date.now()}.csv`;
  // 3,000 rows (about 700 KB) of a body that promises 5 MB: at least one batch is staged before the client goes.
  const body = csv(Array.from({ length: 3000 }, (_, i) => row(`Hang Up ${i} ${name}`)));
  const url = new URL("/admin/products/upload-csv", base);
  await new Promise<void>((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "text/csv", "X-File-Name": name, "Content-Length": String(5 * 1024 * 1024), "X-Forwarded-For": visitorAddress() },
    });
    req.on("error", () => {}); // The socket is destroyed below.
    req.write(body, () => setTimeout(() => (req.destroy(), resolve()), 1_000));
  });
  // The import the upload began is failed, with the reason, and there is nothing to map.
  let id = "";
  await expect
    .poll(
      async () => {
        const html = await (await admin.get("/admin/imports")).text();
        const at = html.indexOf(name);
        if (at === -1) return "not listed";
        id = /href="\/admin\/(?:imports|products\/map-csv)\/(\d+)"[^>]*>[^<]*$/.exec(html.slice(0, at))?.[1] ?? "";
        return html.slice(at, at + 400);
      },
      { timeout: 15_000 },
    )
    .toMatch(/nothing was imported[\s\S]*Failed/);
  expect(id).toMatch(/^\d+$/);
  const mapping = await admin.get(`/admin/products/map-csv/${id}`, { maxRedirects: 0 });
  expect(mapping.status()).toBe(302);
  expect(mapping.headers()["location"]).toBe("/admin/imports");
  // The server goes on: the next upload is staged as usual.
  const next = await upload(csv([row(`After Hang Up ${name}`)]), "after-hang-up.csv");
  expect(next.status()).toBe(201);
});

test("GET is not an upload; other callers are refused; ids that are not integers are 404", async ({ baseURL }) => {
  expect((await admin.get("/admin/products/upload-csv", { maxRedirects: 0 })).status()).toBe(405);
  const anonymous = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const refused = await anonymous.post("/admin/products/upload-csv", { data: "x", headers: { "Content-Type": "text/csv", "X-File-Name": "a.csv" }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()["location"]).toMatch(/^\/login\?redirectTo=/);
  await anonymous.dispose();
  const crossSite = await admin.post("/admin/products/upload-csv", {
    data: csv([row("Cross Site")]),
    headers: { "Content-Type": "text/csv", "X-File-Name": "a.csv", Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  for (const path of ["/admin/imports/abc", "/admin/imports/99999999999", "/admin/imports/999999/rejected.csv", "/admin/products/map-csv/1e3", "/admin/imports/%00"]) {
    const response = await admin.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect(response.status(), path).toBeLessThan(500);
  }
});

test("an import runs as a job, and its rejected rows come back as CSV with formula cells escaped", async () => {
  const formula = '=HYPERLINK("http://evil.example","x")';
  const body = csv([row("Http Job One"), row("Http Job Two"), row(formula, { headline: "Hi" }), row("-2+3 Minus", { website_url: "javascript:alert(1)" })]);
  const staged = await (await upload(body, "job.csv")).json();
  expect(staged).toMatchObject({ rows: 4, valid: 2, invalid: 2 });
  const proceed = await admin.post(staged.mapUrl, { form: { intent: "proceed", status: "draft" }, maxRedirects: 0 });
  expect(proceed.status()).toBe(302);
  expect(proceed.headers()["location"]).toBe(`/admin/imports/${staged.id}`);
  await expect
    .poll(async () => (await (await admin.get(`/admin/imports/${staged.id}`)).text()).includes("Summary"), { timeout: 20_000 })
    .toBe(true);
  // Once started, the mapping cannot change.
  const late = await admin.post(staged.mapUrl, { form: { intent: "map-all", niche: "" }, maxRedirects: 0 });
  expect([302, 409]).toContain(late.status());

  const rejected = await admin.get(`/admin/imports/${staged.id}/rejected.csv`);
  expect(rejected.status()).toBe(200);
  expect(rejected.headers()["content-disposition"]).toBe('attachment; filename="job-rejected.csv"');
  const text = await rejected.text();
  const lines = text.replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(lines[0]).toBe("product_name,headline,tagline,description,pricing,website_url,link,topics,logo_url,niche,subcategory,source_row,reason");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",Hi,.*,4,Headline must be at least 5 characters$/);
  expect(lines[2]).toMatch(/^'-2\+3 Minus,.*,javascript:alert\(1\),.*,5,Please enter a valid URL$/);

  const search = await admin.get(`/search?q=${encodeURIComponent("Http Job One")}`);
  expect(await search.text()).toContain("Http Job One");
});
