import { describe, expect, it } from "vitest";
import { invalidate } from "~/db/cache-bus.server";
import { clearDataCache } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import { createProduct } from "../../../tests/factories";
import { alternativesSubject, findAlternatives } from "./queries.server";

const SUB = "courses-and-learning-management";

describe("alternatives to a product", () => {
  it("ranks products that share its subcategory and tags first, then those that share a tag, and never drafts or itself", async () => {
    const tags = ["quizforge-test", "flashcards-test", "spaced-repetition-test"];
    const subject = await createProduct(getDb(), { product_name: "Quizforge Alt Subject", tags, subcategorySlug: SUB, tagline: "Quizzes for teachers" });
    const twin = await createProduct(getDb(), { product_name: "Quizforge Twin", tags, subcategorySlug: SUB, tagline: "Flashcards for students" });
    const oneTag = await createProduct(getDb(), { product_name: "Quizforge One Tag", tags: ["quizforge-test", "unrelated-test"], tagline: "Something else" });
    const draft = await createProduct(getDb(), { product_name: "Quizforge Draft", tags, subcategorySlug: SUB, status: "draft" });
    clearDataCache();

    const found = await findAlternatives(subject, 50);
    const ids = found.map((p) => p.id);
    expect(ids[0]).toBe(twin.id);
    expect(ids).toContain(oneTag.id);
    expect(ids.indexOf(oneTag.id)).toBeGreaterThan(ids.indexOf(twin.id));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(subject.id);
    expect(found[0]).toMatchObject({ sharedSubcategories: ["Courses & Learning Management"], sharedTags: [...tags].sort() });
  });

  it("finds password managers for 1Password in the demo catalogue", async () => {
    const subject = await alternativesSubject("1password");
    expect(subject?.product_name).toBe("1Password");
    const top = await findAlternatives(subject!, 5);
    expect(top).toHaveLength(5);
    for (const alternative of top) expect(alternative.sharedSubcategories).toContain("Password Managers");
  });

  it("has no subject for a product that is not live", async () => {
    const draft = await createProduct(getDb(), { product_name: "Alt Hidden Draft", status: "draft" });
    expect(await alternativesSubject(draft.slug)).toBeUndefined();
    expect(await alternativesSubject("no-such-product-anywhere")).toBeUndefined();
  });

  it("drops a cached list when the product changes", async () => {
    const subject = await createProduct(getDb(), { product_name: "Alt Cache Subject", tags: ["alt-cache-test"], tagline: "Xqzvbw plorkt" });
    expect(await findAlternatives(subject)).toEqual([]);
    const later = await createProduct(getDb(), { product_name: "Alt Cache Later", tags: ["alt-cache-test"], tagline: "Xqzvbw plorkt" });
    // The factory writes without the app's invalidation; the app's writers drop "lists" on a new live product.
    await invalidate(["lists"]);
    expect((await findAlternatives(subject)).map((p) => p.id)).toEqual([later.id]);
  });
});
