import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { queryRows } from "../support/raw-rows";
import { onInvalidate, type CacheTag } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { addFeedback } from "~/features/feedback/mutations.server";
import { productFeedback } from "~/features/feedback/queries.server";
import { userActivities } from "~/features/stats/queries.server";
import { createProduct, createUser } from "../factories";
import { formRequest, localSettings, signedInCookie, adminCookie as signInAdmin } from "../support/auth";
import { EMPTY_FILTERS, exportFileName, feedbackSearch, parseFeedbackQuery, type FeedbackFilters } from "~/features/admin-feedback/admin-feedback";
import { csvCell, csvRow, escapeFormula } from "~/lib/csv-output";
import { feedbackCsvStream } from "~/features/admin-feedback/queries/export.server";
import { moderateFeedback } from "~/features/admin-feedback/mutations.server";
import { feedbackCsvLoader, feedbackReportsAction } from "~/features/admin-feedback/requests.server";
import { readFeedbackReports } from "~/features/admin-feedback/queries/reports.server";
import { SEARCH_EXACT_LIMIT, searchWords } from "~/features/admin-feedback/queries/search.server";
import { feedbackStats } from "~/features/admin-feedback/queries/stats.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const run = Date.now().toString(36);
const filters = (over: Partial<FeedbackFilters> = {}): FeedbackFilters => ({ ...EMPTY_FILTERS, ...over });

async function review(db: Database, productId: number, userId: string, rating: number, comment: string, parentId: number | null = null) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into product_feedback (product_id, user_id, rating, comment, parent_id) values (${productId}, ${userId}, ${rating}, ${comment}, ${parentId}) returning id`,
  );
  return Number(row!.id);
}

async function comments(db: Database, productId: number) {
  const [row] = await queryRows<{ comments: number }>(db, sql`select comments from product_stats where product_id = ${productId}`);
  return Number(row?.comments ?? 0);
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("filters in the URL and CSV cells", () => {
  it("reads and writes the filters, bounding hostile values", () => {
    expect(parseFeedbackQuery(new URLSearchParams("q=%20spam%00%20&rating=4&page=3"))).toEqual({ filters: { q: "spam", rating: 4, kind: "reviews" }, page: 3 });
    expect(parseFeedbackQuery(new URLSearchParams("rating=9&page=-2&kind=evil"))).toEqual({ filters: EMPTY_FILTERS, page: 1 });
    expect(parseFeedbackQuery(new URLSearchParams("rating=3&kind=replies")).filters).toEqual({ q: "", rating: 0, kind: "replies" });
    expect(parseFeedbackQuery(new URLSearchParams(`q=${"x".repeat(5000)}&page=99999999999`)).filters.q).toHaveLength(200);
    expect(parseFeedbackQuery(new URLSearchParams("q=a%ED%A0%80b")).filters.q).not.toMatch(/[\uD800-\uDFFF]/);
    expect(feedbackSearch(filters({ q: "a b", rating: 2 }), 2)).toBe("?q=a+b&rating=2&page=2");
    expect(feedbackSearch(EMPTY_FILTERS)).toBe("");
  });

  it("escapes formula cells (=, +, -, @, tab, CR) and quotes per RFC 4180", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(escapeFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell("=HYPERLINK(\"x\")")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b\nc")).toBe(`"a,b\nc"`);
    expect(csvRow([1, null, "x"])).toBe("1,,x\r\n");
    // The words that may stand for a search on the trigram index: 3+ characters, only when there are two or more.
    expect(searchWords("review 12345")).toEqual(["review", "12345"]);
    expect(searchWords("many number 10")).toEqual(["many", "number"]);
    expect(searchWords("review")).toEqual([]);
    expect(searchWords("a b review")).toEqual([]);
    expect(exportFileName(new Date("2026-03-04T23:00:00Z"))).toBe("feedback-reports-2026-03-04.csv");
  });
});

describe("the report, moderation and public visibility", () => {
  let productId = 0;
  let slug = "";
  let author = "";
  let other = "";
  let first = 0;
  const admin = { id: "", email: `feedback.admin.${run}@example.com` };

  beforeAll(async () => {
    const db = getDb();
    const product = await createProduct(db, { product_name: `Fbq${run} Widget` });
    productId = product.id;
    slug = product.slug;
    author = await createUser(db, `fb-author-${run}`);
    other = await createUser(db, `fb-other-${run}`);
    admin.id = await createUser(db, `fb-admin-${run}`);
    first = await review(db, productId, author, 5, `Great tool ${run}`);
    for (let i = 0; i < 11; i++) await review(db, productId, other, (i % 5) + 1, `Review ${i} of ${run}`);
    await review(db, productId, other, 5, `Thanks ${run}`, first);
  });

  it("shows stats, searches, filters by rating and pages by 10 on the server", async () => {
    const db = getDb();
    const stats = await feedbackStats(db);
    expect(stats.total).toBeGreaterThanOrEqual(12);
    expect(stats.productsReviewed).toBeGreaterThanOrEqual(1);
    expect(stats.thisMonth).toBeGreaterThanOrEqual(12);
    expect(stats.distribution.map((d) => d.rating)).toEqual([1, 2, 3, 4, 5]);
    expect(stats.distribution.reduce((s, d) => s + d.count, 0)).toBe(stats.total);
    expect(Number.isInteger((stats.average ?? 0) * 10)).toBe(true);

    const page1 = await readFeedbackReports(db, { filters: filters({ q: run }), page: 1 });
    expect(page1.total).toBe(12);
    expect(page1.pageCount).toBe(2);
    expect(page1.rows).toHaveLength(10);
    const page2 = await readFeedbackReports(db, { filters: filters({ q: run }), page: 2 });
    expect(page2.rows).toHaveLength(2);
    // Past the end: the last page.
    expect((await readFeedbackReports(db, { filters: filters({ q: run }), page: 99 })).page).toBe(2);
    // Product name, user name, rating, replies.
    expect((await readFeedbackReports(db, { filters: filters({ q: `fbq${run} widget` }), page: 1 })).total).toBe(12);
    expect((await readFeedbackReports(db, { filters: filters({ q: `fb-author-${run}` }), page: 1 })).rows.map((r) => r.id)).toEqual([first]);
    const fives = await readFeedbackReports(db, { filters: filters({ q: run, rating: 5 }), page: 1 });
    expect(fives.rows.every((r) => r.rating === 5)).toBe(true);
    expect(fives.total).toBe(3);
    const replies = await readFeedbackReports(db, { filters: filters({ q: run, kind: "replies" }), page: 1 });
    expect(replies.rows).toMatchObject([{ parentId: first, rating: null, comment: `Thanks ${run}` }]);
    // % and _ are themselves.
    expect((await readFeedbackReports(db, { filters: filters({ q: "%_%" }), page: 1 })).total).toBe(0);
  });

  it("hides, shows and deletes with an audit entry; counts and the public page follow at once", async () => {
    const db = getDb();
    const tags: CacheTag[][] = [];
    const stop = onInvalidate((t) => tags.push(t));
    try {
      expect(await comments(db, productId)).toBe(13);
      const before = await productFeedback(productId);
      expect(before.summary.count).toBe(12);

      expect(await moderateFeedback(db, admin, "hide", first)).toEqual({ ok: true, slug });
      expect(await comments(db, productId)).toBe(12);
      const hidden = await productFeedback(productId);
      expect(hidden.summary.count).toBe(11);
      expect(hidden.reviews.map((r) => r.id)).not.toContain(first);
      expect(tags.at(-1)).toEqual(["lists", `product:${slug}`]);
      // A reply to a hidden review is refused like one to a missing review.
      expect(await addFeedback({ productId, userId: other, comment: "Me too", rating: 0, parentId: first })).toMatchObject({ ok: false, status: 404 });
      const [audit] = await queryRows<{ action: string; actor_id: string; changes: { hidden_at: { before: unknown; after: unknown } } }>(
        db,
        sql`select action, actor_id, changes from audit_log where entity_type = 'feedback' and entity_id = ${String(first)} order by id desc limit 1`,
      );
      expect(audit).toMatchObject({ action: "feedback.hide", actor_id: admin.id, changes: { hidden_at: { before: null } } });
      // The admin still sees it, marked.
      expect((await readFeedbackReports(db, { filters: filters({ q: `fb-author-${run}` }), page: 1 })).rows[0]).toMatchObject({ id: first, hidden: true });

      await moderateFeedback(db, admin, "unhide", first);
      expect(await comments(db, productId)).toBe(13);
      expect((await productFeedback(productId)).summary.count).toBe(12);

      // Deleting a review takes its reply with it.
      await moderateFeedback(db, admin, "delete", first);
      expect(await comments(db, productId)).toBe(11);
      expect((await productFeedback(productId)).summary.count).toBe(11);
      const [deleted] = await queryRows<{ action: string }>(db, sql`select action from audit_log where entity_id = ${String(first)} order by id desc limit 1`);
      expect(deleted?.action).toBe("feedback.delete");
      expect(await moderateFeedback(db, admin, "hide", first)).toMatchObject({ ok: false, status: 404 });
    } finally {
      stop();
    }
  });

  it("hides a suspended author's reviews from every public read, and counts follow", async () => {
    const db = getDb();
    const mine = await review(db, productId, author, 1, `Suspended soon ${run}`);
    expect(await comments(db, productId)).toBe(12);
    expect((await userActivities(author)).map((a) => a.key)).toContain(`review-${mine}`);
    await db.execute(sql`update "user" set suspended_at = now() where id = ${author}`);
    expect(await comments(db, productId)).toBe(11);
    const read = await productFeedback(productId);
    expect(read.reviews.map((r) => r.id)).not.toContain(mine);
    expect(read.summary.count).toBe(11);
    expect((await userActivities(author)).map((a) => a.key)).not.toContain(`review-${mine}`);
    // A new review while suspended is not counted either; restoring counts both.
    await review(db, productId, author, 2, `Still suspended ${run}`);
    expect(await comments(db, productId)).toBe(11);
    await db.execute(sql`update "user" set suspended_at = null where id = ${author}`);
    expect(await comments(db, productId)).toBe(13);
    expect((await productFeedback(productId)).summary.count).toBe(13);
    // A suspended user deleted with their feedback leaves the count right (never negative).
    await db.execute(sql`update "user" set suspended_at = now() where id = ${author}`);
    expect(await comments(db, productId)).toBe(11);
    await db.execute(sql`delete from "user" where id = ${author}`);
    expect(await comments(db, productId)).toBe(11);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product_feedback where product_id = ${productId}`)) as [{ n: number }];
    expect(n).toBe(11);
  });

  it("streams the CSV in keyset batches, respecting filters, newest first", async () => {
    const db = getDb();
    await review(db, productId, other, 3, `=cmd|' /C calc'!A0 ${run}`);
    const batches: number[] = [];
    const text = await readAll(feedbackCsvStream(db, filters({ q: run }), 4, (n) => batches.push(n)));
    const lines = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,Product,User,Rating,Comment,Date");
    expect(lines).toHaveLength(13);
    // Batches of 4: 12 rows read as 4 + 4 + 4 (+ the empty read that ends it).
    expect(batches.slice(0, 3)).toEqual([4, 4, 4]);
    expect(lines[1]).toContain(`'=cmd|' /C calc'!A0 ${run}`);
    const ids = lines.slice(1).map((l) => Number(l.split(",")[0]));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const threes = await readAll(feedbackCsvStream(db, filters({ q: run, rating: 3 })));
    expect(threes.trimEnd().split("\r\n").slice(1).every((l) => l.split(",")[3] === "3")).toBe(true);
  });

  it("writes the same CSV cells in the database as csvRow does, for every awkward value", async () => {
    const db = getDb();
    const awkward = [`+1 ${run}`, `-2 ${run}`, `@x ${run}`, `\tTab ${run}`, `\rCR ${run}`, `say "hi", ok ${run}`, `line\nbreak ${run}`, `plain ${run}`, `=1+1 "${run}"`];
    const ids: number[] = [];
    for (const [i, text] of awkward.entries()) ids.push(await review(db, productId, other, 1 + (i % 5), text));
    const text = await readAll(feedbackCsvStream(db, filters({ q: run }), 3));
    const [meta] = await queryRows<{ product_name: string; author: string }>(
      db,
      sql`select p.product_name, coalesce(pr.username, u.name) as author from products p, "user" u left join profiles pr on pr.id = u.id
           where p.id = ${productId} and u.id = ${other}`,
    );
    for (const [i, id] of ids.entries()) {
      const [row] = await queryRows<{ created_at: Date | string }>(db, sql`select created_at from product_feedback where id = ${id}`);
      const line = csvRow([id, meta!.product_name, meta!.author, 1 + (i % 5), awkward[i], new Date(row!.created_at).toISOString()]);
      expect(text).toContain(line);
    }
  });

  it("names each row's product and author as they are now: renames, a username set or removed, a review moved", async () => {
    const db = getDb();
    const product = await createProduct(db, { product_name: `Fbn${run} Before` });
    const moved = await createProduct(db, { product_name: `Fbn${run} Other` });
    const writer = await createUser(db, `fb-namer-${run}`);
    const id = await review(db, product.id, writer, 4, `named ${run}`);
    const lineOf = async () => {
      const text = await readAll(feedbackCsvStream(db, EMPTY_FILTERS, 1000));
      return text.split("\r\n").find((line) => line.startsWith(`${id},`));
    };
    const username = writer.replace(/[^a-z0-9]/gi, "").slice(0, 40);
    expect(await lineOf()).toContain(`,Fbn${run} Before,${username},4,`);

    await db.execute(sql`update products set product_name = ${`Fbn${run} After`} where id = ${product.id}`);
    expect(await lineOf()).toContain(`,Fbn${run} After,${username},`);
    await db.execute(sql`update profiles set username = ${`renamed${run}`} where id = ${writer}`);
    expect(await lineOf()).toContain(`,Fbn${run} After,renamed${run},`);
    // Without a profile the account's name stands; a new name follows.
    await db.execute(sql`delete from profiles where id = ${writer}`);
    await db.execute(sql`update "user" set name = ${`Named ${run}`} where id = ${writer}`);
    expect(await lineOf()).toContain(`,Fbn${run} After,Named ${run},`);
    await db.execute(sql`insert into profiles (id, username, email) values (${writer}, ${`back${run}`}, ${`${writer}@example.com`})`);
    expect(await lineOf()).toContain(`,back${run},`);
    await db.execute(sql`update product_feedback set product_id = ${moved.id} where id = ${id}`);
    expect(await lineOf()).toContain(`,Fbn${run} Other,back${run},4,named ${run},`);
    // What a search's author branch reads follows a new e-mail too: username, name, e-mail, lower case.
    await db.execute(sql`update "user" set email = ${`Moved-${run}@Example.org`} where id = ${writer}`);
    const [kept] = await queryRows<{ author_search: string }>(db, sql`select author_search from product_feedback where id = ${id}`);
    expect(kept!.author_search).toBe(`back${run}\u0001named ${run}\u0001moved-${run}@example.org`);
  });

  it("walks a search common among the newest reviews without collecting it, newest first, estimated", async () => {
    const db = getDb();
    const token = `common${run}`;
    const n = 3 * SEARCH_EXACT_LIMIT + 500;
    await db.execute(
      sql`insert into product_feedback (product_id, user_id, rating, comment, created_at)
          select ${productId}, ${other}, 1 + g % 5, ${token} || ' number ' || g, now() + interval '1 hour' - (g || ' seconds')::interval
          from generate_series(1, ${n}::int) g`,
    );
    await db.execute(sql`analyze product_feedback`);
    const second = await readFeedbackReports(db, { filters: filters({ q: token }), page: 2 });
    expect(second).toMatchObject({ estimated: true, capped: true });
    expect(second.total).toBeGreaterThan(3 * SEARCH_EXACT_LIMIT);
    expect(second.rows.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `${token} number ${i + 11}`));
    // With a rating filter the probe and the walk keep to that rating.
    const fives = await readFeedbackReports(db, { filters: filters({ q: token, rating: 5 }), page: 1 });
    expect(fives.rows.every((r) => r.rating === 5 && r.comment.startsWith(token))).toBe(true);
    // The author branch walks the same way, on each row's copy of its author's username and e-mail.
    const byUsername = await readFeedbackReports(db, { filters: filters({ q: `FBOTHER${run}` }), page: 2 });
    expect(byUsername).toMatchObject({ estimated: true, capped: true });
    expect(byUsername.rows.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `${token} number ${i + 11}`));
    const byEmail = await readFeedbackReports(db, { filters: filters({ q: `other-${run}@example.com` }), page: 1 });
    expect(byEmail.rows.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `${token} number ${i + 1}`));
    await db.execute(sql`delete from product_feedback where comment like ${`${token} number %`}`);
  });

  it("counts a search exactly up to the limit, then labels an estimate, and still pages newest first", async () => {
    const db = getDb();
    const token = `many${run}`;
    await db.execute(
      sql`insert into product_feedback (product_id, user_id, rating, comment, created_at)
          select ${productId}, ${other}, 1 + g % 5, ${token} || ' number ' || g, now() - (g || ' seconds')::interval
          from generate_series(1, ${SEARCH_EXACT_LIMIT + 50}::int) g`,
    );
    await db.execute(sql`analyze product_feedback`);
    const many = await readFeedbackReports(db, { filters: filters({ q: token }), page: 1 });
    expect(many).toMatchObject({ estimated: true, capped: true });
    expect(many.total).toBeGreaterThan(SEARCH_EXACT_LIMIT);
    expect(many.rows.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `${token} number ${i + 1}`));
    const second = await readFeedbackReports(db, { filters: filters({ q: token }), page: 2 });
    expect(second.rows[0]!.comment).toBe(`${token} number 11`);
    // Narrowed below the limit: exact, sorted newest first from the matched ids.
    const few = await readFeedbackReports(db, { filters: filters({ q: `${token} number 10`, rating: 1 }), page: 1 });
    const expected = Array.from({ length: SEARCH_EXACT_LIMIT + 50 }, (_, i) => i + 1).filter((g) => g % 5 === 0 && `number ${g}`.includes("number 10"));
    expect(few).toMatchObject({ estimated: false, capped: false, total: expected.length });
    expect(few.rows.map((r) => r.comment)).toEqual(expected.slice(0, 10).map((g) => `${token} number ${g}`));
    // One or two characters are not searched on the page (no index can serve them): it says so.
    expect(await readFeedbackReports(db, { filters: filters({ q: "ab" }), page: 1 })).toMatchObject({ tooShort: true, rows: [], total: 0 });
    await db.execute(sql`delete from product_feedback where comment like ${`${token} %`}`);
  });
});

describe("the routes' gates", () => {
  let adminCookie = "";
  let memberCookie = "";

  beforeAll(async () => {
    const email = `fr.admin.${run}@example.com`;
    adminCookie = await signInAdmin(email);
    memberCookie = await signedInCookie(`fr.member.${run}@example.com`);
  });

  async function status(call: () => Promise<unknown>) {
    try {
      const result = await call();
      return result instanceof Response ? result.status : 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      return (thrown as { init?: ResponseInit | null }).init?.status ?? 500;
    }
  }

  it("refuses members, bad input and other origins; admins download and moderate", async () => {
    const db = getDb();
    const csv = (cookie: string) => new Request("http://localhost:3000/admin/feedback-reports/export.csv?q=%3D", { headers: { Cookie: cookie } });
    expect(await status(() => feedbackCsvLoader(csv(memberCookie), undefined))).not.toBe(200);
    const response = await feedbackCsvLoader(csv(adminCookie), undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="feedback-reports-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte order mark (so spreadsheets read accents), then the header.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).startsWith("ID,Product,User,Rating,Comment,Date\r\n")).toBe(true);

    const product = await createProduct(db);
    const user = await createUser(db);
    const id = await review(db, product.id, user, 4, "Fine");
    const post = (fields: Record<string, string>, cookie: string, origin?: string) =>
      status(() => feedbackReportsAction(formRequest("/admin/feedback-reports?q=x", fields, { cookie, origin }), undefined));
    expect(await post({ intent: "hide", id: String(id) }, memberCookie)).not.toBe(303);
    expect(await post({ intent: "hide", id: String(id) }, adminCookie, "https://evil.example")).toBe(403);
    const bads: Record<string, string>[] = [{ intent: "nuke", id: String(id) }, { intent: "hide", id: "1e3" }, { intent: "hide", id: "99999999999" }, { intent: "hide", id: "\u0000" }, { intent: "hide" }];
    for (const bad of bads) {
      expect(await post(bad, adminCookie)).toBe(400);
    }
    expect(await post({ intent: "hide", id: String(id) }, adminCookie)).toBe(303);
    expect(await comments(db, product.id)).toBe(0);
    expect(await post({ intent: "delete", id: String(id) }, adminCookie)).toBe(303);
    expect(await post({ intent: "delete", id: String(id) }, adminCookie)).toBe(303);
  });
});

/** The stat cards recounted from every review, as the page computed them before the kept counts. */
async function recount(db: Database) {
  const [row] = await queryRows<{ total: number; average: string | null; this_month: number; products: number; counts: Record<string, number> }>(
    db,
    sql`select count(*)::int as total, avg(f.rating)::text as average,
               (count(*) filter (where f.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))::int as this_month,
               count(distinct f.product_id)::int as products,
               jsonb_build_object('1', count(*) filter (where f.rating = 1), '2', count(*) filter (where f.rating = 2),
                                  '3', count(*) filter (where f.rating = 3), '4', count(*) filter (where f.rating = 4),
                                  '5', count(*) filter (where f.rating = 5)) as counts
          from product_feedback f join "user" u on u.id = f.user_id
         where f.parent_id is null and f.hidden_at is null and u.suspended_at is null`,
  );
  const total = Number(row!.total);
  return {
    total,
    average: total ? Math.round(Number(row!.average) * 10) / 10 : null,
    thisMonth: Number(row!.this_month),
    productsReviewed: Number(row!.products),
    counts: [1, 2, 3, 4, 5].map((r) => Number(row!.counts[String(r)])),
  };
}

describe("the stat cards", () => {
  it("follow every change at once and always equal a full recount", async () => {
    const db = getDb();
    const shown = async () => {
      const stats = await feedbackStats(db);
      return { total: stats.total, average: stats.average, thisMonth: stats.thisMonth, productsReviewed: stats.productsReviewed, counts: stats.distribution.map((d) => d.count) };
    };
    const same = async (step: string) => {
      const [now, expected] = await Promise.all([shown(), recount(db)]);
      expect(now, step).toEqual(expected);
      return now;
    };
    const before = await same("before");
    const product = await createProduct(db, { product_name: `Stats${run} Gadget` });
    const a = await createUser(db, `fb-stats-a-${run}`);
    const b = await createUser(db, `fb-stats-b-${run}`);
    const fromA = await review(db, product.id, a, 4, `Stats A ${run}`);
    const fromB = await review(db, product.id, b, 2, `Stats B ${run}`);
    await db.execute(sql`update product_feedback set created_at = now() - interval '45 days' where id = ${fromB}`);
    await review(db, product.id, a, 1, `Reply ${run}`, fromB);
    const added = await same("two reviews and a reply");
    expect(added.total).toBe(before.total + 2);
    expect(added.productsReviewed).toBe(before.productsReviewed + 1);
    await db.execute(sql`update product_feedback set hidden_at = now() where id = ${fromA}`);
    expect((await same("hidden")).total).toBe(before.total + 1);
    await db.execute(sql`update product_feedback set hidden_at = null where id = ${fromA}`);
    await same("shown again");
    await db.execute(sql`update product_feedback set rating = 5, created_at = now() where id = ${fromB}`);
    await same("rating edited, moved to this month");
    await db.execute(sql`update "user" set suspended_at = now() where id = ${a}`);
    await same("author suspended");
    await db.execute(sql`update "user" set suspended_at = null where id = ${a}`);
    await same("author restored");
    await db.execute(sql`update "user" set suspended_at = now() where id = ${b}`);
    await db.execute(sql`delete from "user" where id = ${b}`);
    await same("suspended author deleted");
    await db.execute(sql`delete from "user" where id = ${a}`);
    expect((await same("last author deleted")).productsReviewed).toBe(before.productsReviewed);
    const again = await createUser(db, `fb-stats-c-${run}`);
    await review(db, product.id, again, 3, `Stats C ${run}`);
    await db.execute(sql`delete from products where id = ${product.id}`);
    expect(await same("product deleted")).toEqual(before);
  });
});
