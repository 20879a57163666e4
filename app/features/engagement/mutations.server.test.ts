import { sql } from "drizzle-orm";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { createProduct, createUser } from "../../../tests/factories";
import { setBookmark, setUpvote } from "./mutations.server";

async function counts(productId: number) {
  const row = await selectRow(
    getDb(),
    z.object({ upvotes: col.int, bookmarks: col.int, upvote_rows: col.int, bookmark_rows: col.int }),
    sql`select s.upvotes, s.bookmarks,
          (select count(*)::int from product_upvotes where product_id = ${productId}) as upvote_rows,
          (select count(*)::int from bookmarks where product_id = ${productId}) as bookmark_rows
        from product_stats s where s.product_id = ${productId}`,
  );
  return row!;
}

/** A live product and `count` users, for the concurrency tests. */
async function productAndUsers(count: number) {
  const db = getDb();
  const product = await createProduct(db);
  return { product, users: await Promise.all(Array.from({ length: count }, () => createUser(db))) };
}

describe("setUpvote", () => {
  it("upvotes once per user, withdraws, and answers the exact count", async () => {
    const db = getDb();
    const product = await createProduct(db);
    const [ann, bob] = [await createUser(db), await createUser(db)];
    expect(await setUpvote(ann, product.id, true)).toEqual({ ok: true, changed: true, upvoted: true, upvotes: 1 });
    expect(await setUpvote(ann, product.id, true)).toEqual({ ok: true, changed: false, upvoted: true, upvotes: 1 });
    expect(await setUpvote(bob, product.id, true)).toEqual({ ok: true, changed: true, upvoted: true, upvotes: 2 });
    expect(await setUpvote(ann, product.id, false)).toEqual({ ok: true, changed: true, upvoted: false, upvotes: 1 });
    expect(await setUpvote(ann, product.id, false)).toEqual({ ok: true, changed: false, upvoted: false, upvotes: 1 });
    expect(await counts(product.id)).toMatchObject({ upvotes: 1, upvote_rows: 1 });
  });

  it("refuses missing and non-live products and writes nothing", async () => {
    const db = getDb();
    const user = await createUser(db);
    expect(await setUpvote(user, 2_000_000_000, true)).toEqual({ ok: false, reason: "not_found" });
    const draft = await createProduct(db, { status: "draft" });
    expect(await setUpvote(user, draft.id, true)).toEqual({ ok: false, reason: "not_found" });
    expect(await counts(draft.id)).toMatchObject({ upvotes: 0, upvote_rows: 0 });
    // An upvote given while live is kept (not silently removed) once the product is taken down.
    const live = await createProduct(db);
    await setUpvote(user, live.id, true);
    await db.execute(sql`update products set status = 'deleted' where id = ${live.id}`);
    expect(await setUpvote(user, live.id, false)).toEqual({ ok: false, reason: "not_found" });
    expect(await counts(live.id)).toMatchObject({ upvotes: 1, upvote_rows: 1 });
  });

  it("keeps the count exact under many users toggling at once", async () => {
    const { product, users } = await productAndUsers(40);
    // Each user toggles 5 times (on, off, on, off, on), all users at once, plus duplicate upvotes.
    await Promise.all(
      users.map(async (user, i) => {
        for (const on of [true, false, true, false, true]) await setUpvote(user, product.id, on);
        if (i % 2) await setUpvote(user, product.id, false);
        await setUpvote(user, product.id, i % 2 === 0);
      }),
    );
    expect(await counts(product.id)).toMatchObject({ upvotes: 20, upvote_rows: 20 });
  });
});

describe("setBookmark", () => {
  it("saves once, says when it already existed, removes, and keeps the count exact", async () => {
    const db = getDb();
    const product = await createProduct(db);
    const user = await createUser(db);
    expect(await setBookmark(user, product.id, true)).toEqual({ ok: true, changed: true, bookmarked: true, bookmarks: 1 });
    expect(await setBookmark(user, product.id, true)).toEqual({ ok: true, changed: false, bookmarked: true, bookmarks: 1 });
    expect(await setBookmark(user, product.id, false)).toEqual({ ok: true, changed: true, bookmarked: false, bookmarks: 0 });
    expect(await setBookmark(user, 2_000_000_001, true)).toEqual({ ok: false, reason: "not_found" });
  });

  it("keeps the count exact under concurrent saves and removals", async () => {
    const { product, users } = await productAndUsers(30);
    await Promise.all(
      users.map(async (user, i) => {
        await Promise.all([setBookmark(user, product.id, true), setBookmark(user, product.id, true)]);
        if (i < 10) await setBookmark(user, product.id, false);
      }),
    );
    expect(await counts(product.id)).toMatchObject({ bookmarks: 20, bookmark_rows: 20 });
  });
});
