/**
 * /admin/submissions' and /admin/suggestions' loaders and actions as requests: the admin gate, the
 * same-origin check, and hostile form values answered with 4xx and a message, never a 5xx.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { readFlash } from "~/domain/flash.server";
import { createProduct } from "../../../../tests/factories";
import { APP_URL } from "../../../../tests/support/auth";
import { adminSessions } from "../../../../tests/support/admin-sessions";
import { routeAnswer } from "../../../../tests/support/route-answer";
import { submissionsAction, submissionsLoader, suggestionsAction, suggestionsLoader } from "./submission-queues.server";
import { SUBMISSION_MESSAGES as MESSAGES } from "../moderation";

const run = Date.now().toString(36);
const sessions = adminSessions("submissions");
const answer = routeAnswer;

function request(pathname: string, fields: [string, string][], cookie = sessions.admin, origin = APP_URL) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: origin });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${APP_URL}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

const postSubmission = (fields: [string, string][], cookie?: string, pathname = "/admin/submissions", origin?: string) =>
  answer(() => submissionsAction(request(pathname, fields, cookie, origin), {}));
const postSuggestion = (fields: [string, string][], cookie?: string) => answer(() => suggestionsAction(request("/admin/suggestions", fields, cookie), {}));

async function status(id: number) {
  const [row] = await queryRows<{ status: string; type: string }>(getDb(), sql`select status, type from products where id = ${id}`);
  return row;
}

describe("who may act", () => {
  it("sends anonymous callers to /login and members home; refuses other sites", async () => {
    const item = await createProduct(getDb(), { status: "pending" });
    const fields: [string, string][] = [["intent", "approve"], ["id", String(item.id)]];
    expect((await postSubmission(fields, "")).location).toMatch(/^\/login\?redirectTo=/);
    expect(await postSubmission(fields, sessions.member)).toMatchObject({ status: 302, location: "/" });
    expect((await postSubmission(fields, sessions.admin, "/admin/submissions", "https://evil.example")).status).toBe(403);
    expect((await postSuggestion([["intent", "delete"], ["ids", String(item.id)]], sessions.member)).location).toBe("/");
    for (const loader of [submissionsLoader, suggestionsLoader]) {
      const loaded = await answer(() => loader(new Request(`${APP_URL}/admin/submissions`, { headers: { Cookie: sessions.member } }), {}));
      expect(loaded).toMatchObject({ status: 302, location: "/" });
    }
    expect((await status(item.id))!.status).toBe("pending");
  });
});

describe("the admin's actions", () => {
  it("approves with a toast back on the same page, then answers 404 to a repeat", async () => {
    const item = await createProduct(getDb(), { status: "pending", product_name: `Through The Action ${run}` });
    const done = await postSubmission([["intent", "approve"], ["id", String(item.id)]], sessions.admin, "/admin/submissions?page=2");
    expect(done).toMatchObject({ status: 302, location: "/admin/submissions?page=2" });
    const { flash } = await readFlash(new Request(APP_URL, { headers: { Cookie: done.cookie.split(";")[0]! } }));
    expect(flash).toMatchObject({ kind: "success", message: MESSAGES.approved(`Through The Action ${run}`) });
    expect((await status(item.id))!.status).toBe("draft");
    const again = await postSubmission([["intent", "reject"], ["id", String(item.id)]]);
    expect(again).toMatchObject({ status: 404, body: { error: MESSAGES.notFound } });
  });

  it("answers hostile and broken forms with 4xx and a message", async () => {
    const item = await createProduct(getDb(), { status: "pending" });
    const id = String(item.id);
    const cases: [[string, string][], number, string][] = [
      [[["intent", "publish-everything"], ["id", id]], 400, MESSAGES.unknownAction],
      [[["id", id]], 400, MESSAGES.unknownAction],
      [[["intent", "approve"], ["id", "abc"]], 404, MESSAGES.notFound],
      [[["intent", "approve"], ["id", "-1"]], 404, MESSAGES.notFound],
      [[["intent", "approve"], ["id", "1.5"]], 404, MESSAGES.notFound],
      [[["intent", "approve"], ["id", "99999999999"]], 404, MESSAGES.notFound],
      [[["intent", "approve"], ["id", "2000000000"]], 404, MESSAGES.notFound],
      [[["intent", "approve"], ["id", "1\u0000"]], 404, MESSAGES.notFound],
      [[["intent", "reject"], ["id", id], ["reason", "bad\u0000byte"]], 400, MESSAGES.reasonInvalid],
      [[["intent", "reject"], ["id", id], ["reason", "x".repeat(1001)]], 400, MESSAGES.reasonTooLong],
      [[["intent", "delete"]], 400, MESSAGES.noSelection],
      [[["intent", "delete"], ["ids", "1e3"]], 400, MESSAGES.badSelection],
      [[["intent", "delete"], ...Array.from({ length: 101 }, (_, i): [string, string] => ["ids", String(i + 1)])], 400, MESSAGES.tooMany],
      [[["intent", "delete"], ["ids", "2000000000"]], 404, MESSAGES.noneFound],
    ];
    for (const [fields, code, message] of cases) {
      const result = await postSubmission(fields);
      expect({ fields: fields.length, status: result.status, message: result.body.error }).toEqual({ fields: fields.length, status: code, message });
    }
    expect((await status(item.id))!.status).toBe("pending");
    // A body that is not a form is refused too.
    const broken = await answer(() =>
      submissionsAction(new Request(`${APP_URL}/admin/submissions`, { method: "POST", headers: { Cookie: sessions.admin, Origin: APP_URL, "Content-Type": "multipart/form-data; boundary=x" }, body: "garbage" }), {}),
    );
    expect(broken.status).toBe(400);
  });

  it("converts a suggestion and redirects to its product form", async () => {
    const idea = await createProduct(getDb(), { status: "pending", type: "suggestion", description: "Penpot design tool for teams" });
    const done = await postSuggestion([["intent", "convert"], ["id", String(idea.id)]]);
    expect(done).toMatchObject({ status: 302, location: `/admin/products/edit/${idea.id}` });
    expect(await status(idea.id)).toEqual({ status: "draft", type: "product" });
    expect((await postSuggestion([["intent", "convert"], ["id", String(idea.id)]])).status).toBe(404);
    expect((await postSuggestion([["intent", "convert"], ["id", "x"]])).status).toBe(404);
  });

  it("loads either queue from any query string", async () => {
    for (const search of ["", "?page=abc", "?page=99999999999999", "?page=-3", "?page=%00", "?page=500"]) {
      for (const [loader, pathname] of [[submissionsLoader, "/admin/submissions"], [suggestionsLoader, "/admin/suggestions"]] as const) {
        const loaded = await answer(() => loader(new Request(`${APP_URL}${pathname}${search}`, { headers: { Cookie: sessions.admin } }), {}));
        expect(loaded.status, search).toBe(200);
        const list = loaded.body.list as { page: number; pageCount: number; rows: unknown[] };
        expect(list.page).toBeGreaterThanOrEqual(1);
        expect(list.page).toBeLessThanOrEqual(list.pageCount);
        expect(list.rows.length).toBeLessThanOrEqual(10);
      }
    }
  });
});
