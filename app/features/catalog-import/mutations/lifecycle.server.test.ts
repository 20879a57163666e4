/** Issue 36, item 12: uploads left awaiting mapping expire after 24 hours, and an admin can discard one from the list. */
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import type { JobInfo } from "~/lib/jobs/job-queue";
import { APP_URL, formRequest, localSettings } from "../../../../tests/support/auth";
import { signedInAdmin } from "../../../../tests/support/admin-actor";
import { renderHtml } from "../../../../tests/support/render-html";
import { ImportsList } from "../components/imports-list";
import { cleanFixtures, HEADER, productRow, toCsv } from "../csv-fixtures";
import { sweepImports } from "./lifecycle.server";
import { mappingAction } from "../requests/mapping.server";
import { DISCARD_REFUSED, importsListAction, importsListLoader } from "../requests/progress.server";
import { stageUpload } from "./staging.server";

let cookie = "";
let admin: { id: string; email: string };

beforeAll(async () => {
  setAuthSettings(localSettings());
  ({ cookie, admin } = await signedInAdmin("lifecycle-admin"));
});
afterAll(cleanFixtures);

async function staged(fileName: string) {
  const rows = [1, 2, 3].map((i) => productRow({ product_name: `Zq Life ${fileName} ${i}` }));
  return (await stageUpload(getDb(), admin, Readable.from([Buffer.from(toCsv(HEADER, rows))]), { fileName })).id;
}

const Record = z.object({ state: col.text, rows: col.int });
const record = (id: number) =>
  selectRow(getDb(), Record, sql`select state, (select count(*) from catalog_import_rows r where r.import_id = i.id) as rows from catalog_imports i where id = ${id}`);
const noJobs = { getJob: async (): Promise<JobInfo | null> => null };

async function listHtml(result: { error?: string; message?: string } | null = null) {
  const { imports } = await importsListLoader(new Request(`${APP_URL}/admin/imports`, { headers: { Cookie: cookie } }), {});
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(ImportsList, { imports, result }) }]);
  return renderHtml(createElement(Stub));
}

describe("abandoned uploads (issue 36, item 12)", () => {
  it("an upload awaiting mapping for over 24 hours is shown Expired, its staged rows gone; a newer one is left alone", async () => {
    const old = await staged("zq-old.csv");
    const fresh = await staged("zq-fresh.csv");
    await getDb().execute(sql`update catalog_imports set created_at = now() - interval '25 hours' where id = ${old}`);
    const swept = await sweepImports(getDb(), noJobs);
    expect(swept.expired).toContain(old);
    expect(swept.expired).not.toContain(fresh);
    expect(await record(old)).toEqual({ state: "expired", rows: 0 });
    expect(await record(fresh)).toEqual({ state: "mapping", rows: 3 });
    const html = await listHtml();
    expect(html).toMatch(/zq-old\.csv<\/span>.*?<td[^>]*>Expired<\/td>/s);
    // Its mapping page can no longer change it.
    const answer = await mappingAction(formRequest(`/admin/products/map-csv/${old}`, { intent: "map-all", niche: "" }, { cookie }), {}, String(old));
    expect((answer as { init: { status: number } }).init.status).toBe(409);
  });

  it("an admin discards an upload from the list: confirmed by a second button, its rows deleted, audited", async () => {
    const id = await staged("zq-discard.csv");
    const html = await listHtml();
    expect(html).toContain("Discard upload<span class=\"sr-only\"> zq-discard.csv</span>");
    const answer = await importsListAction(formRequest("/admin/imports", { intent: "discard", import: String(id) }, { cookie }), {});
    expect(answer).toEqual({ message: "zq-discard.csv discarded" });
    expect(await record(id)).toEqual({ state: "discarded", rows: 0 });
    expect(await listHtml()).not.toContain("zq-discard.csv");
    const audit = await selectRow(
      getDb(),
      z.object({ action: col.text, actor_email: col.text }),
      sql`select action, actor_email from audit_log where entity_type = 'import' and entity_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit?.action).toBe("import.discard");
  });

  it("refuses to discard an import that is running (or done), and keeps its rows", async () => {
    const id = await staged("zq-running.csv");
    await getDb().execute(sql`update catalog_imports set state = 'running', worker = 'job:x' where id = ${id}`);
    expect(await listHtml()).not.toContain("Discard upload<span class=\"sr-only\"> zq-running.csv</span>");
    const answer = await importsListAction(formRequest("/admin/imports", { intent: "discard", import: String(id) }, { cookie }), {});
    expect(answer).toMatchObject({ init: { status: 409 }, data: { error: DISCARD_REFUSED } });
    expect(await record(id)).toEqual({ state: "running", rows: 3 });
    // A forged or foreign form is refused too.
    const forged = await importsListAction(formRequest("/admin/imports", { intent: "discard", import: "x" }, { cookie }), {});
    expect((forged as { init: { status: number } }).init.status).toBe(400);
  });

  it("an import whose job failed for good (its retries spent) is ended as failed rather than left importing", async () => {
    const id = await staged("zq-dead-job.csv");
    await getDb().execute(sql`update catalog_imports set state = 'running', worker = 'job:9', job_id = '9' where id = ${id}`);
    const jobs = { getJob: async (): Promise<JobInfo> => ({ id: "9", queue: "catalog-import", state: "failed", data: {}, progress: null, error: "boom" }) };
    const swept = await sweepImports(getDb(), jobs);
    expect(swept.ended).toEqual([id]);
    expect((await record(id))?.state).toBe("failed");
  });
});
