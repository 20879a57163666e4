import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { createProduct, createUser } from "../../../tests/factories";
import { setBookmark, setUpvote } from "./mutations.server";
import { savedProducts, viewerEngagement } from "./queries.server";

describe("viewer state and saved products", () => {
  it("says which products the user upvoted and saved, with counts", async () => {
    const db = getDb();
    const [a, b, hidden] = [await createProduct(db), await createProduct(db), await createProduct(db, { status: "pending" })];
    const user = await createUser(db);
    await setUpvote(user, a.id, true);
    await setBookmark(user, b.id, true);
    const state = await viewerEngagement(user, [a.id, b.id, hidden.id, 2_000_000_002]);
    expect(state.sort((x, y) => x.id - y.id)).toEqual([
      { id: a.id, upvoted: true, bookmarked: false, upvotes: 1, bookmarks: 0 },
      { id: b.id, upvoted: false, bookmarked: true, upvotes: 0, bookmarks: 1 },
    ]);
    expect(await viewerEngagement(user, [])).toEqual([]);
  });

  it("lists saved live products, most recently saved first", async () => {
    const db = getDb();
    const [first, second, gone] = [await createProduct(db), await createProduct(db), await createProduct(db)];
    const user = await createUser(db);
    const other = await createUser(db);
    await setBookmark(user, first.id, true);
    await setBookmark(user, gone.id, true);
    await setBookmark(user, second.id, true);
    await setBookmark(other, first.id, true);
    await db.execute(sql`update products set status = 'deleted' where id = ${gone.id}`);
    const saved = await savedProducts(user);
    expect(saved.map((p) => p.slug)).toEqual([second.slug, first.slug]);
    expect(saved[0]).toMatchObject({ id: second.id, product_name: expect.any(String), saved_at: expect.any(String) });
    expect(await savedProducts(await createUser(db))).toEqual([]);
  });
});
