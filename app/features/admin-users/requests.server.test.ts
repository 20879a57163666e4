import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import { SUSPENDED_MESSAGE } from "~/domain/auth/suspension";
import { APP_URL, devSignIn, formRequest, localSettings, signedInCookie, adminCookie as signInAdmin } from "../../../tests/support/auth";
import { routeAnswer } from "../../../tests/support/route-answer";
import { usersAction, usersLoader } from "./requests.server";
import { cleanText, parseUserFilters, parseUserId, PAGE_SIZE, USER_MESSAGES } from "./admin-users";
import { containsPattern, listUsers, USER_SEARCH_EXACT_LIMIT, userDetails } from "./queries.server";

const run = Date.now().toString(36);
let adminCookie = "";
let adminId = "";
let otherAdminId = "";
let memberCookie = "";

async function idOf(email: string) {
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

beforeAll(async () => {
  setAuthSettings(localSettings());
  const email = `users.admin.${run}@example.com`;
  adminCookie = await signInAdmin(email);
  adminId = await idOf(email);
  const other = `users.other-admin.${run}@example.com`;
  await getAuth().api.signUpEmail({ body: { email: other, password: "admin-password-2", name: "Other" } });
  await getDb().execute(sql`insert into admin_users (email) values (${other})`);
  otherAdminId = await idOf(other);
  memberCookie = await signedInCookie(`users.member.${run}@example.com`);
});

afterAll(() => setAuthSettings(undefined));

const answer = routeAnswer;

const post = (fields: Record<string, string>, cookie = adminCookie, origin?: string) =>
  answer(() => usersAction(formRequest("/admin/users?q=x", fields, { cookie, origin }), {}));
const load = (query: string, cookie = adminCookie) =>
  answer(() => usersLoader(new Request(`${APP_URL}/admin/users${query}`, { headers: { Cookie: cookie } }), {}));

async function auditRows(action: string, entityId: string) {
  return queryRows<{ actor_id: string; summary: string; changes: Record<string, unknown> }>(
    getDb(),
    sql`select actor_id, summary, changes from audit_log where action = ${action} and entity_id = ${entityId} order by id`,
  );
}

describe("the URL query", () => {
  it("reads hostile values as defaults, never throws", () => {
    expect(parseUserFilters(new URLSearchParams("q=%00a%ED%A0%80b&page=-3&user=%00x"))).toEqual({ q: "a\uFFFD\uFFFD\uFFFDb", page: 1, user: null });
    expect(cleanText(" \u0000a\uD800b ", 100)).toBe("a\uFFFDb");
    expect(parseUserFilters(new URLSearchParams("page=99999999999"))).toMatchObject({ page: 1 });
    expect(cleanText("\uD800x".repeat(80), 100)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(parseUserId("abc-DEF_1")).toBe("abc-DEF_1");
    expect(parseUserId("a'b")).toBeNull();
    expect(parseUserId(["x"])).toBeNull();
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe("the list and the details", () => {
  it("admins only: anonymous to /login, members home, other sites refused", async () => {
    expect((await load("", "")).location).toMatch(/^\/login\?redirectTo=/);
    expect(await load("", memberCookie)).toMatchObject({ status: 302, location: "/" });
    expect((await post({ intent: "suspend", userId: adminId }, adminCookie, "https://evil.example")).status).toBe(403);
    expect((await post({ intent: "suspend", userId: adminId }, memberCookie)).location).toBe("/");
  });

  it("counts a search exactly up to the limit, then labels an estimate, still newest first", async () => {
    const db = getDb();
    const tag = `many${run}`;
    const n = USER_SEARCH_EXACT_LIMIT + 30;
    await db.execute(
      sql`insert into "user" (id, name, email, created_at, updated_at)
          select ${tag} || '-' || g, 'Many ' || g, ${tag} || '.' || g || '@example.com', now() + (g || ' seconds')::interval, now()
          from generate_series(1, ${n}::int) g`,
    );
    await db.execute(sql`analyze "user"`);
    const many = await listUsers(db, { q: tag, page: 1 });
    expect(many.estimated).toBe(true);
    expect(many.total).toBeGreaterThan(USER_SEARCH_EXACT_LIMIT);
    // Newest first: the last inserted (latest created_at) leads.
    expect(many.rows.map((r) => r.id)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => `${tag}-${n - i}`));
    const few = await listUsers(db, { q: `${tag}.10`, page: 1 });
    const matching = Array.from({ length: n }, (_, i) => i + 1).filter((g) => String(g).startsWith("10"));
    expect(few).toMatchObject({ estimated: false, total: matching.length, pageCount: Math.ceil(matching.length / PAGE_SIZE) });
    expect(few.rows.map((r) => r.id)).toEqual(matching.reverse().slice(0, PAGE_SIZE).map((g) => `${tag}-${g}`));
    await db.execute(sql`delete from "user" where id like ${`${tag}-%`}`);
  });

  it("walks a search common among the newest users without collecting it, newest first, estimated", async () => {
    const db = getDb();
    const tag = `common${run}`;
    const n = 3 * USER_SEARCH_EXACT_LIMIT + 500;
    await db.execute(
      sql`insert into "user" (id, name, email, created_at, updated_at)
          select ${tag} || '-' || g, 'Common ' || g, ${tag} || '.' || g || '@example.com', now() + interval '1 hour' + (g || ' seconds')::interval, now()
          from generate_series(1, ${n}::int) g`,
    );
    await db.execute(sql`analyze "user"`);
    const many = await listUsers(db, { q: tag, page: 2 });
    expect(many.estimated).toBe(true);
    expect(many.total).toBeGreaterThan(3 * USER_SEARCH_EXACT_LIMIT);
    expect(many.rows.map((r) => r.id)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => `${tag}-${n - PAGE_SIZE - i}`));
    await db.execute(sql`delete from "user" where id like ${`${tag}-%`}`);
  });

  it("finds one- and two-character searches by index, exactly as a full scan for 'contains' would", async () => {
    const db = getDb();
    const tag = `short${run}`;
    await db.execute(
      sql`insert into "user" (id, name, email, created_at, updated_at) values
            (${`${tag}-1`}, 'Zoë Qx', ${`${tag}.one@example.com`}, now(), now()),
            (${`${tag}-2`}, 'Ed 50%', ${`${tag}.two@example.com`}, now(), now()),
            (${`${tag}-3`}, 'Plain', ${`${tag}.three@example.com`}, now(), now())`,
    );
    await db.execute(sql`insert into profiles (id, username, email) values (${`${tag}-3`}, 'jq_under', ${`${tag}.three@example.com`})`);
    const scan = async (q: string) => {
      const pattern = containsPattern(q);
      return queryRows<{ id: string }>(
        db,
        sql`select u.id from "user" u left join profiles p on p.id = u.id
             where lower(u.email) like ${pattern} or lower(u.name) like ${pattern} or lower(p.username) like ${pattern}
             order by u.created_at desc, u.id desc`,
      );
    };
    for (const q of ["QX", "q", "ë", "0%", "%", "_u", "d ", "ed", "zz"]) {
      const expected = await scan(q);
      const found = await listUsers(db, { q, page: 1 });
      expect(found.estimated, q).toBe(false);
      expect(found.total, q).toBe(expected.length);
      expect(found.rows.map((r) => r.id), q).toEqual(expected.slice(0, PAGE_SIZE).map((r) => r.id));
    }
    expect((await listUsers(db, { q: "ë", page: 1 })).rows.map((r) => r.id)).toContain(`${tag}-1`);
    expect((await listUsers(db, { q: "_u", page: 1 })).rows.map((r) => r.id)).toEqual([`${tag}-3`]);
    expect((await listUsers(db, { q: "0%", page: 1 })).rows.map((r) => r.id)).toEqual([`${tag}-2`]);
    await db.execute(sql`delete from profiles where id = ${`${tag}-3`}`);
    await db.execute(sql`delete from "user" where id like ${`${tag}-%`}`);
  });

  it("searches by name or e-mail with LIKE wildcards taken literally, pages on the server", async () => {
    const tag = `srch${run}`;
    for (let i = 0; i < PAGE_SIZE + 2; i++) await devSignIn(`${tag}.${i}@example.com`);
    const first = await listUsers(getDb(), { q: tag, page: 1 });
    expect(first.total).toBe(PAGE_SIZE + 2);
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    const second = await listUsers(getDb(), { q: tag.toUpperCase(), page: 2 });
    expect(second.rows).toHaveLength(2);
    // Beyond the last page reads the last page.
    expect((await listUsers(getDb(), { q: tag, page: 50 })).page).toBe(2);
    // "%" and "_" match themselves only.
    expect((await listUsers(getDb(), { q: "%", page: 1 })).total).toBe(0);
    expect((await listUsers(getDb(), { q: `${tag}_0`, page: 1 })).total).toBe(0);
    const loaded = await load(`?q=${encodeURIComponent(`${tag}.1`)}&page=abc`);
    expect(loaded.status).toBe(200);
    expect((loaded.body.list as { total: number }).total).toBe(1 + 10);
    // Hostile values answer a page, not a 5xx.
    expect((await load("?q=%00%ED%A0%80%27%22\\&page=%00&user=%00")).status).toBe(200);
    expect((await load(`?q=${"x".repeat(5000)}`)).status).toBe(200);
  });

  it("the details: counts of products, reviews and upvotes, last active, suspended state", async () => {
    const email = `details.${run}@example.com`;
    await signedInCookie(email);
    const id = await idOf(email);
    const details = await userDetails(getDb(), id);
    expect(details).toMatchObject({ id, email, products: 0, reviews: 0, upvotes: 0, suspended: false, suspended_at: null, admin: false });
    expect(details!.last_active_at).toBeTruthy();
    const loaded = await load(`?user=${id}`);
    expect((loaded.body.details as { id: string }).id).toBe(id);
    expect((await load("?user=nobody-here")).body.details).toBeNull();
  });
});

describe("suspend and restore", () => {
  it("suspends a signed-in member: their session ends, one audit row; restore lets them back in", async () => {
    const email = `victim.${run}@example.com`;
    const cookie = await signedInCookie(email);
    const id = await idOf(email);
    const asMember = () => new Request(`${APP_URL}/profile`, { headers: { Cookie: cookie } });
    expect(await getOptionalUser(asMember())).not.toBeNull();

    const suspended = await post({ intent: "suspend", userId: id });
    expect(suspended.status).toBe(302);
    expect(suspended.location).toBe("/admin/users?q=x");
    expect(suspended.cookie).toContain("toolnest_flash");
    expect(await getOptionalUser(asMember())).toBeNull();
    const [sessions] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from session where user_id = ${id}`);
    expect(sessions!.n).toBe(0);
    expect(await devSignIn(email)).toEqual({ ok: false, error: SUSPENDED_MESSAGE });
    expect((await userDetails(getDb(), id))!.suspended).toBe(true);
    const audit = await auditRows("user.suspend", id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: adminId, changes: { sessionsEnded: 1 } });

    expect(await post({ intent: "suspend", userId: id })).toMatchObject({ status: 400, body: { error: USER_MESSAGES.alreadySuspended } });

    expect((await post({ intent: "restore", userId: id })).status).toBe(302);
    expect(await auditRows("user.restore", id)).toHaveLength(1);
    expect((await devSignIn(email)).ok).toBe(true);
    expect(await post({ intent: "restore", userId: id })).toMatchObject({ status: 400, body: { error: USER_MESSAGES.notSuspended } });
  });

  it("refuses the admin themselves and any other admin (403), writing nothing", async () => {
    expect(await post({ intent: "suspend", userId: adminId })).toMatchObject({ status: 403, body: { error: USER_MESSAGES.self } });
    expect(await post({ intent: "suspend", userId: otherAdminId })).toMatchObject({ status: 403, body: { error: USER_MESSAGES.admin } });
    expect(await auditRows("user.suspend", adminId)).toHaveLength(0);
    expect(await auditRows("user.suspend", otherAdminId)).toHaveLength(0);
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from "user" where id in (${adminId}, ${otherAdminId}) and suspended_at is not null`);
    expect(row!.n).toBe(0);
    // The admin is still signed in.
    expect((await load("")).status).toBe(200);
  });

  it("answers bad input with 400/404, never a 5xx", async () => {
    expect((await post({ intent: "explode", userId: "x" })).status).toBe(400);
    expect((await post({ userId: "x" })).status).toBe(400);
    expect((await post({ intent: "suspend" })).status).toBe(404);
    expect((await post({ intent: "suspend", userId: "\u0000" })).status).toBe(404);
    expect((await post({ intent: "suspend", userId: "x".repeat(10_000) })).status).toBe(404);
    expect((await post({ intent: "suspend", userId: "no-such-user" })).status).toBe(404);
    const broken = new Request(`${APP_URL}/admin/users`, {
      method: "POST",
      headers: { Cookie: adminCookie, Origin: APP_URL, "Content-Type": "multipart/form-data; boundary=nope" },
      body: "garbage",
    });
    expect((await answer(() => usersAction(broken, {}))).status).toBe(400);
  });
});
