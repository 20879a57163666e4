import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clearDataCache } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import { createProduct, createUser } from "../../../tests/factories";
import { comparedProducts } from "./queries.server";

async function review(productId: number, rating: number, options: { hidden?: boolean; replyTo?: number } = {}) {
  const user = await createUser(getDb());
  await getDb().execute(
    sql`insert into product_feedback (product_id, user_id, comment, rating, parent_id, hidden_at)
        values (${productId}, ${user}, 'A review', ${rating}, ${options.replyTo ?? null}, ${options.hidden ? new Date().toISOString() : null}::timestamptz)`,
  );
}

describe("products side by side", () => {
  it("gives each product's rating and review count from its visible reviews only", async () => {
    const rated = await createProduct(getDb(), { product_name: "Compare Rated", tags: ["compare-test"], subcategorySlug: "courses-and-learning-management" });
    const unrated = await createProduct(getDb(), { product_name: "Compare Unrated" });
    await review(rated.id, 5);
    await review(rated.id, 4);
    await review(rated.id, 1, { hidden: true });
    clearDataCache();

    const [first, second] = await comparedProducts([rated.slug, unrated.slug]);
    expect(first).toMatchObject({ slug: rated.slug, rating: 4.5, reviews: 2, tags: ["compare-test"], subcategories: ["Courses & Learning Management"] });
    expect(second).toMatchObject({ slug: unrated.slug, rating: null, reviews: 0, niches: [], subcategories: [] });
  });

  it("leaves out a product the public may not see, and keeps the order asked for", async () => {
    const live = await createProduct(getDb(), { product_name: "Compare Live" });
    const draft = await createProduct(getDb(), { product_name: "Compare Draft", status: "draft" });
    expect((await comparedProducts([live.slug, draft.slug])).map((p) => p.slug)).toEqual([live.slug]);
    expect((await comparedProducts(["notion", "obsidian"])).map((p) => p.slug)).toEqual(["notion", "obsidian"]);
  });
});
