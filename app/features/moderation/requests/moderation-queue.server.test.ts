/**
 * /admin/moderation's loader and action as requests: the admin gate, the same-origin check, and
 * hostile form values answered with 4xx and a message, never a 5xx.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { readFlash } from "~/domain/flash.server";
import { createProduct, createUser } from "../../../../tests/factories";
import { APP_URL, formRequest } from "../../../../tests/support/auth";
import { adminSessions } from "../../../../tests/support/admin-sessions";
import { routeAnswer } from "../../../../tests/support/route-answer";
import { alreadyDecided, MODERATION_MESSAGES, REASON_MAX } from "../moderation";
import { moderationAction, moderationLoader } from "./moderation-queue.server";

const sessions = adminSessions("moderation");

const answer = (call: () => Promise<unknown>) => routeAnswer<{ errors?: Record<string, string> } & Record<string, unknown>>(call);

const post = (fields: Record<string, string>, cookie = sessions.admin, pathname = "/admin/moderation", origin?: string) =>
  answer(() => moderationAction(formRequest(pathname, fields, { cookie, origin }), {}));

async function pendingRevision() {
  const db = getDb();
  const maker = await createUser(db);
  const product = await createProduct(db, { status: "live" });
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into product_revisions (product_id, user_id, changes) values (${product.id}, ${maker}, '{"product_name":"Through The Action"}'::jsonb) returning id`,
  );
  return { id: row!.id, productId: product.id };
}

describe("who may decide", () => {
  it("sends anonymous callers to /login and members home; refuses other sites", async () => {
    const item = await pendingRevision();
    const fields = { intent: "approve-revision", id: String(item.id) };
    const anonymous = await post(fields, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    const member = await post(fields, sessions.member);
    expect(member).toMatchObject({ status: 302, location: "/" });
    expect((await post(fields, sessions.admin, "/admin/moderation", "https://evil.example")).status).toBe(403);
    const loaded = await answer(() => moderationLoader(new Request(`${APP_URL}/admin/moderation`, { headers: { Cookie: sessions.member } }), {}));
    expect(loaded).toMatchObject({ status: 302, location: "/" });
    const [row] = await queryRows<{ status: string }>(getDb(), sql`select status from product_revisions where id = ${item.id}`);
    expect(row!.status).toBe("pending");
  });
});

describe("the admin's decisions", () => {
  it("approves with a toast back on the same queue page, then answers 409 to a repeat", async () => {
    const item = await pendingRevision();
    const done = await post({ intent: "approve-revision", id: String(item.id) }, sessions.admin, "/admin/moderation?tab=revisions&page=2");
    expect(done).toMatchObject({ status: 302, location: "/admin/moderation?tab=revisions&page=2" });
    const { flash } = await readFlash(new Request(APP_URL, { headers: { Cookie: done.cookie.split(";")[0]! } }));
    expect(flash).toMatchObject({ kind: "success", message: MODERATION_MESSAGES.revisionApproved });
    const [product] = await queryRows<{ product_name: string }>(getDb(), sql`select product_name from products where id = ${item.productId}`);
    expect(product!.product_name).toBe("Through The Action");

    const again = await post({ intent: "reject-revision", id: String(item.id), reason: "too late" });
    expect(again.status).toBe(409);
    expect(again.body.errors?.form).toBe(alreadyDecided("revision", "approved"));
  });

  it("answers hostile and broken forms with 4xx and a message", async () => {
    const item = await pendingRevision();
    const id = String(item.id);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "publish-everything", id }, 400, MODERATION_MESSAGES.unknownAction],
      [{ id }, 400, MODERATION_MESSAGES.unknownAction],
      [{ intent: "approve-revision", id: "abc" }, 404, MODERATION_MESSAGES.badId],
      [{ intent: "approve-revision", id: "-1" }, 404, MODERATION_MESSAGES.badId],
      [{ intent: "approve-revision", id: "1.5" }, 404, MODERATION_MESSAGES.badId],
      [{ intent: "approve-revision", id: "9999999999" }, 404, MODERATION_MESSAGES.badId],
      [{ intent: "approve-revision", id: "2000000000" }, 404, MODERATION_MESSAGES.revisionNotFound],
      [{ intent: "approve-claim", id: "2000000000" }, 404, MODERATION_MESSAGES.claimNotFound],
      [{ intent: "reject-revision", id, reason: "bad\u0000byte" }, 400, MODERATION_MESSAGES.reasonCharacters],
      [{ intent: "reject-revision", id, reason: "x".repeat(REASON_MAX + 1) }, 400, MODERATION_MESSAGES.reasonTooLong],
      [{ intent: "approve-revision", id, version: "2001-01-01 00:00:00+00" }, 409, MODERATION_MESSAGES.revisionStale],
    ];
    for (const [fields, status, message] of cases) {
      const result = await post(fields);
      expect({ fields, status: result.status, message: result.body.errors?.form ?? result.body.errors?.reason }).toEqual({ fields, status, message });
    }
    // A lone surrogate in the reason is stored as a replacement character, not an error.
    const lone = await post({ intent: "reject-revision", id, reason: "odd \uD800 text" });
    expect(lone.status).toBe(302);
    const [row] = await queryRows<{ status: string; reason: string }>(getDb(), sql`select status, reason from product_revisions where id = ${item.id}`);
    expect(row!.status).toBe("rejected");
    expect(row!.reason.startsWith("odd ")).toBe(true);
  });

  it("loads either queue from any query string", async () => {
    for (const search of ["", "?tab=claims", "?tab=%00&page=abc", "?tab=claims&page=99999999999999", "?page=-3", "?tab=revisions&page=500"]) {
      const loaded = await answer(() => moderationLoader(new Request(`${APP_URL}/admin/moderation${search}`, { headers: { Cookie: sessions.admin } }), {}));
      expect(loaded.status, search).toBe(200);
      const queue = (loaded.body.revisions ?? loaded.body.claims) as { page: number; rows: unknown[] };
      expect(queue.page, search).toBeGreaterThanOrEqual(1);
    }
    const claims = await answer(() => moderationLoader(new Request(`${APP_URL}/admin/moderation?tab=claims`, { headers: { Cookie: sessions.admin } }), {}));
    expect(claims.body).toMatchObject({ tab: "claims", revisions: null });
  });
});
