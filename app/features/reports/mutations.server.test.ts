import { sql } from "drizzle-orm";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { createProduct, createUser } from "../../../tests/factories";
import { fileReport, resolveReports } from "./mutations.server";
import { openReportGroups, reportedProductCount } from "./queries.server";

const actor = (id: string) => ({ id, email: `${id}@example.com` });

async function status(productId: number) {
  return (await selectRow(getDb(), z.object({ status: col.text }), sql`select status from products where id = ${productId}`))!.status;
}

async function auditActions(productId: number) {
  const rows = await selectRows(
    getDb(),
    z.object({ action: col.text }),
    sql`select action from audit_log where entity_type = 'product' and entity_id = ${String(productId)} order by id`,
  );
  return rows.map((row) => row.action);
}

describe("reporting a listing", () => {
  it("takes one open report per member and product, and none of a product the public cannot see", async () => {
    const product = await createProduct(getDb(), { product_name: "Reported Once" });
    const draft = await createProduct(getDb(), { product_name: "Reported Draft", status: "draft" });
    const member = await createUser(getDb());
    const first = await fileReport(getDb(), { slug: product.slug, actor: actor(member), reason: "broken_link", note: "The site is down" });
    expect(first).toEqual({ kind: "filed", productId: product.id });
    expect(await fileReport(getDb(), { slug: product.slug, actor: actor(member), reason: "spam", note: "" })).toEqual({ kind: "already-open" });
    expect(await fileReport(getDb(), { slug: draft.slug, actor: actor(member), reason: "spam", note: "" })).toEqual({ kind: "not-found" });
    expect(await auditActions(product.id)).toEqual(["report.file"]);
  });

  it("groups a product's open reports for the admin, most reported first", async () => {
    const busy = await createProduct(getDb(), { product_name: "Reported Twice Queue" });
    const [a, b] = [await createUser(getDb()), await createUser(getDb())];
    await fileReport(getDb(), { slug: busy.slug, actor: actor(a), reason: "wrong_information", note: "Pricing changed" });
    await fileReport(getDb(), { slug: busy.slug, actor: actor(b), reason: "duplicate", note: "" });
    const { groups } = await openReportGroups(getDb(), 1);
    const group = groups.find((g) => g.product.id === busy.id)!;
    expect(group.reports.map((r) => [r.reason, r.note])).toEqual([
      ["wrong_information", "Pricing changed"],
      ["duplicate", ""],
    ]);
    expect(groups[0]!.reports.length).toBeGreaterThanOrEqual(2);
    expect(await reportedProductCount(getDb())).toBeGreaterThanOrEqual(1);
  });
});

describe("resolving a product's reports", () => {
  it("unpublishes through the status transition, closes every open report and names whom to tell", async () => {
    const maker = await createUser(getDb());
    const product = await createProduct(getDb(), { product_name: "Reported Scam" });
    await getDb().execute(sql`update products set submitter_id = ${maker} where id = ${product.id}`);
    const [a, b, admin] = [await createUser(getDb()), await createUser(getDb()), await createUser(getDb())];
    await fileReport(getDb(), { slug: product.slug, actor: actor(a), reason: "spam", note: "Asks for card numbers" });
    await fileReport(getDb(), { slug: product.slug, actor: actor(b), reason: "spam", note: "" });

    const result = await resolveReports(getDb(), { productId: product.id, outcome: "unpublished", resolution: "Phishing site", actor: actor(admin) });
    expect(result.kind).toBe("resolved");
    if (result.kind !== "resolved") return;
    expect(result.reporters.map((r) => r.to).sort()).toEqual([`${a}@example.com`, `${b}@example.com`].sort());
    expect(result.makers.map((m) => m.to)).toEqual([`${maker}@example.com`]);
    expect(result.cacheTags).toContain(`product:${product.slug}`);
    expect(await status(product.id)).toBe("draft");
    expect(await auditActions(product.id)).toEqual(["report.file", "report.file", "product.unpublish", "reports.resolve"]);
    // Nothing left to resolve: a second admin's click changes nothing.
    expect(await resolveReports(getDb(), { productId: product.id, outcome: "dismissed", resolution: "x", actor: actor(admin) })).toEqual({ kind: "nothing-open" });
    // The member may report it again once it is resolved (and live again).
    await getDb().execute(sql`update products set status = 'live' where id = ${product.id}`);
    expect((await fileReport(getDb(), { slug: product.slug, actor: actor(a), reason: "spam", note: "" })).kind).toBe("filed");
  });

  it("dismissing leaves the listing as it is and tells no maker", async () => {
    const maker = await createUser(getDb());
    const product = await createProduct(getDb(), { product_name: "Reported Fine" });
    await getDb().execute(sql`update products set submitter_id = ${maker} where id = ${product.id}`);
    const [member, admin] = [await createUser(getDb()), await createUser(getDb())];
    await fileReport(getDb(), { slug: product.slug, actor: actor(member), reason: "other", note: "Looks odd" });
    const result = await resolveReports(getDb(), { productId: product.id, outcome: "dismissed", resolution: "It is a real product", actor: actor(admin) });
    expect(result).toMatchObject({ kind: "resolved", makers: [], cacheTags: [] });
    expect(await status(product.id)).toBe("live");
  });
});
