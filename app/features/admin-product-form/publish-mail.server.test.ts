import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { mailIdle } from "~/lib/mail/mail.server";
import { createProduct, createUser } from "../../../tests/factories";
import { mailsTo } from "../../../tests/support/eml";
import { outboxPerTest } from "../../../tests/support/mail-outbox";
import { editAction } from "./requests.server";

// Saving a product as live tells its submitter (decision 043), once, after the commit.
const outbox = outboxPerTest("toolnest-form-mail-");

function post(values: Record<string, string | string[]>, id: number): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  return new Request(`http://localhost/admin/products/edit/${id}`, { method: "POST", body: form });
}

it("saving a draft as live e-mails the submitter; saving it again does not", async () => {
  const db = getDb();
  const adminId = await createUser(db);
  const admin = { id: adminId, email: `${adminId}@example.com` };
  const maker = await createUser(db);
  const product = await createProduct(db, { status: "draft" });
  await db.execute(sql`update products set submitter_id = ${maker} where id = ${product.id}`);
  const [niche] = await queryRows<{ id: number }>(db, sql`select id from niches order by id limit 1`);
  const values = {
    intent: "update",
    productName: `Form Publish ${product.id}`,
    headline: "A headline for the admin",
    description: "A description written by an admin that is long enough for the rule.",
    websiteUrl: "formpublish.example.com",
    pricing: "free",
    status: "live",
    selectedCategories: [String(niche!.id)],
  };
  await editAction(post(values, product.id), admin, String(product.id));
  const [row] = await queryRows<{ status: string }>(db, sql`select status from products where id = ${product.id}`);
  expect(row!.status).toBe("live");
  await mailIdle();
  expect(mailsTo(outbox(), `${maker}@example.com`).map((m) => m.subject)).toEqual([`Form Publish ${product.id} is now live`]);

  await editAction(post(values, product.id), admin, String(product.id));
  await mailIdle();
  expect(mailsTo(outbox(), `${maker}@example.com`)).toHaveLength(1);
});
