import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { createUser } from "../../../tests/factories";
import { APP_URL, localSettings, signedInCookie } from "../../../tests/support/auth";
import { AUDIT_PAGE_SIZE, auditSearch, cleanText, EMPTY_FILTERS, fieldChanges, isDate, parseAuditQuery } from "./audit-log";
import { readAuditLog } from "./queries.server";
import { auditLogLoader } from "./requests.server";

const run = Date.now().toString(36);
const query = (search: string) => parseAuditQuery(new URLSearchParams(search));

describe("the filters in the URL", () => {
  it("reads every filter and the page, and writes them back", () => {
    const parsed = query("action=revision.approve&entity=revision&id=12&actor=Admin@&from=2026-01-02&to=2026-01-31&page=3");
    expect(parsed).toEqual({
      filters: { action: "revision.approve", entityType: "revision", entityId: "12", actor: "Admin@", from: "2026-01-02", to: "2026-01-31" },
      page: 3,
      ignored: [],
    });
    expect(auditSearch(parsed.filters, 3)).toBe("?action=revision.approve&entity=revision&id=12&actor=Admin%40&from=2026-01-02&to=2026-01-31&page=3");
    expect(auditSearch(EMPTY_FILTERS)).toBe("");
  });

  it("turns hostile values into bounded text or ignores them with a note", () => {
    const parsed = query(`action=%00drop%0A&actor=${"a".repeat(1000)}&id=%E2%80%AE12&from=2026-02-30&to=tomorrow&page=-1`);
    expect(parsed.filters.action).toBe("drop");
    expect(parsed.filters.actor).toHaveLength(320);
    expect(parsed.filters.entityId).toBe("12");
    expect(parsed.filters.from).toBe("");
    expect(parsed.filters.to).toBe("");
    expect(parsed.ignored).toHaveLength(2);
    expect(parsed.page).toBe(1);
    expect(query("page=99999999999").page).toBe(1);
    expect(query("page=10001").page).toBe(10_000);
    expect(cleanText("a\uD800b", 10)).toBe("a\uFFFDb");
    // A pair cut at the limit is dropped whole, never halved.
    expect(cleanText("ab😀", 3)).toBe("ab😀");
    expect(cleanText("ab😀c", 2)).toBe("ab");
    expect(isDate("2024-02-29")).toBe(true);
    expect(isDate("2023-02-29")).toBe(false);
  });

  it("shows field changes as rows and other shapes as details", () => {
    expect(fieldChanges({ name: { before: "a", after: "b" } })).toEqual([{ field: "name", before: "a", after: "b" }]);
    expect(fieldChanges({ ids: [1, 2] })).toBeNull();
    expect(fieldChanges([])).toBeNull();
    expect(fieldChanges({})).toEqual([]);
  });
});

describe("reading the log", () => {
  let actorA: { id: string; email: string };
  let actorB: { id: string; email: string };

  beforeAll(async () => {
    const db = getDb();
    const a = await createUser(db, `audit-a-${run}`);
    const b = await createUser(db, `audit-b-${run}`);
    actorA = { id: a, email: `${a}@example.com` };
    actorB = { id: b, email: `${b}@example.com` };
    await recordAudit(db, actorA, { action: `test.edit.${run}`, entityType: "widget", entityId: 7, summary: "Widget 7", changes: { name: { before: "a", after: "b" } } });
    await recordAudit(db, actorB, { action: `test.bulk.${run}`, entityType: "widget", summary: "2 widgets", changes: { ids: [7, 8] } });
    await recordAudit(db, actorA, { action: `test.edit.${run}`, entityType: "widget", entityId: 8, summary: "Widget 8" });
    await db.execute(sql`update audit_log set created_at = '2020-05-01T12:00:00Z' where action = ${`test.bulk.${run}`}`);
  });

  it("lists entries newest first with who, what, summary and changes; filters combine", async () => {
    const db = getDb();
    const all = await readAuditLog(db, query(`action=test.edit.${run}`));
    expect(all.total).toBe(2);
    expect(all.entries.map((e) => e.entityId)).toEqual(["8", "7"]);
    expect(all.entries[1]).toMatchObject({ actorEmail: actorA.email, entityType: "widget", summary: "Widget 7", changes: { name: { before: "a", after: "b" } } });
    expect(all.actions).toEqual(expect.arrayContaining([`test.edit.${run}`, `test.bulk.${run}`]));
    expect(all.entityTypes).toContain("widget");

    expect((await readAuditLog(db, query(`entity=widget&id=7`))).entries.map((e) => e.summary)).toEqual(["Widget 7"]);
    // Part of the address, any case; % and _ are themselves.
    expect((await readAuditLog(db, query(`entity=widget&actor=AUDIT-B-${run}`))).entries.map((e) => e.summary)).toEqual(["2 widgets"]);
    expect((await readAuditLog(db, query(`entity=widget&actor=%25`))).total).toBe(0);
    // Whole UTC days, both ends included.
    expect((await readAuditLog(db, query(`entity=widget&from=2020-05-01&to=2020-05-01`))).entries.map((e) => e.summary)).toEqual(["2 widgets"]);
    expect((await readAuditLog(db, query(`entity=widget&to=2020-04-30`))).total).toBe(0);
    expect((await readAuditLog(db, query(`entity=widget&from=2020-05-02`))).total).toBe(2);
  });

  it("pages on the server", async () => {
    const db = getDb();
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++) await recordAudit(db, actorA, { action: `test.page.${run}`, entityType: "widget", entityId: i });
    const first = await readAuditLog(db, query(`action=test.page.${run}`));
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 2, pageCount: 2, page: 1 });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await readAuditLog(db, query(`action=test.page.${run}&page=2`));
    expect(second.entries.map((e) => e.entityId)).toEqual(["1", "0"]);
    expect((await readAuditLog(db, query(`action=test.page.${run}&page=9`))).entries).toEqual([]);
  });

  it("only admins read it, and no query string makes it fail", async () => {
    setAuthSettings(localSettings());
    try {
      const member = await signedInCookie(`audit.member.${run}@example.com`);
      await expect(auditLogLoader(new Request(`${APP_URL}/admin/audit`, { headers: { Cookie: member } }), {})).rejects.toMatchObject({ status: 302 });
      await expect(auditLogLoader(new Request(`${APP_URL}/admin/audit`), {})).rejects.toMatchObject({ status: 302 });
    } finally {
      setAuthSettings(undefined);
    }
    const db = getDb();
    for (const search of [
      "action=%00",
      "id=%F0%9F",
      "actor=%5C%5C%25_",
      "from=9999-12-31&to=1970-01-01",
      "entity='; drop table audit_log; --",
      `actor=${"%FF".repeat(500)}`,
      "page=10000",
    ]) {
      await expect(readAuditLog(db, query(search)), search).resolves.toMatchObject({ page: expect.any(Number) });
    }
  });
});
