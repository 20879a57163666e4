import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "~/db/client.server";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDatabaseHandle, getDb, setDatabase } from "~/db/registry.server";
import { MAKER_COMMENT_EMPTY, NICHE_REQUIRED, PRODUCT_NAME_MIN, URL_INVALID } from "~/domain/product-form/fields";
import { createUser } from "../../../tests/factories";
import { LOAD_FAILED } from "./admin-product-form";
import { createAction, editAction, editPage, productIdParam } from "./requests.server";

interface Answer {
  status: number;
  location: string | null;
  body: { errors?: Record<string, string> } | null;
}

function answerOf(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const withInit = result as { type?: string; init?: { status?: number }; data?: Answer["body"] };
  return { status: withInit.init?.status ?? 200, location: null, body: withInit.data ?? null };
}

function post(path: string, values: Record<string, string | string[]>): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  return new Request(`http://localhost${path}`, { method: "POST", body: form });
}

async function someNiche(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(getDb(), sql`select id from niches order by id limit 1`);
  return Number(row!.id);
}

async function adminActor() {
  const id = await createUser(getDb());
  return { id, email: `${id}@example.com` };
}

function productForm(niche: number, overrides: Record<string, string | string[]> = {}) {
  return {
    productName: "Admin Form Product",
    headline: "A headline for the admin",
    description: "A description written by an admin that is long enough for the rule.",
    websiteUrl: "adminform.example.com",
    pricing: "premium",
    status: "live",
    selectedCategories: [String(niche)],
    ...overrides,
  };
}

async function auditActions(entityId: number) {
  return (
    await queryRows<{ action: string }>(getDb(), sql`select action from audit_log where entity_type = 'product' and entity_id = ${String(entityId)} order by id`)
  ).map((row) => row.action);
}

async function productIdByName(name: string): Promise<number[]> {
  return (await queryRows<{ id: number }>(getDb(), sql`select id from products where product_name = ${name} order by id`)).map((row) => Number(row.id));
}

describe("admin product form actions", () => {
  it("create: refuses invalid forms with field messages, then creates once per submission token with an audit entry", async () => {
    const admin = await adminActor();
    const niche = await someNiche();
    const refused = answerOf(
      await createAction(post("/admin/products/new", productForm(niche, { productName: "ab", websiteUrl: "not a url", selectedCategories: [] })), admin, "products"),
    );
    expect(refused.status).toBe(400);
    expect(refused.body?.errors).toMatchObject({ productName: PRODUCT_NAME_MIN, websiteUrl: URL_INVALID, selectedCategories: NICHE_REQUIRED });

    const token = crypto.randomUUID();
    const form = productForm(niche, { productName: "Created Once", submission: token, makerComment: "From the admin" });
    const [first, second] = await Promise.all([
      createAction(post("/admin/products/new", form), admin, "products"),
      createAction(post("/admin/products/new", form), admin, "products"),
    ]);
    expect([answerOf(first).location, answerOf(second).location]).toEqual(["/admin/products", "/admin/products"]);
    const ids = await productIdByName("Created Once");
    expect(ids).toHaveLength(1);
    expect(await auditActions(ids[0]!)).toEqual(["product.create"]);

    const submitted = answerOf(await createAction(post("/admin/submit", productForm(niche, { productName: "Advertised One", isAdvertised: "on" })), admin, "submit"));
    expect(submitted.location).toBe("/admin/trending-ads");
    const [ad] = await queryRows<{ is_advertised: boolean }>(getDb(), sql`select is_advertised from products where product_name = 'Advertised One'`);
    expect(ad!.is_advertised).toBe(true);

    const unknownNiche = answerOf(await createAction(post("/admin/products/new", productForm(2_147_483_000)), admin, "products"));
    expect(unknownNiche.status).toBe(400);
    expect(unknownNiche.body?.errors).toEqual({ selectedCategories: NICHE_REQUIRED });
  });

  it("edit: update, makers, maker comment and delete, each audited; unknown ids go back to the list", async () => {
    const admin = await adminActor();
    const niche = await someNiche();
    const maker = await createUser(getDb());
    await createAction(post("/admin/products/new", productForm(niche, { productName: "Edited Product" })), admin, "products");
    const [id] = await productIdByName("Edited Product");
    const path = `/admin/products/edit/${id}`;

    const updated = answerOf(await editAction(post(path, { ...productForm(niche, { productName: "Edited Product", headline: "A new headline here" }), intent: "update" }), admin, String(id)));
    expect(updated.location).toBe("/admin/products");
    const refusedUpdate = answerOf(await editAction(post(path, { ...productForm(niche, { description: "short" }), intent: "update" }), admin, String(id)));
    expect(refusedUpdate.status).toBe(400);

    expect(answerOf(await editAction(post(path, { intent: "makers", makers: [maker] }), admin, String(id))).location).toBe(`${path}?tab=makers`);
    const emptyComment = answerOf(await editAction(post(path, { intent: "maker-comment", makerComment: "  " }), admin, String(id)));
    expect(emptyComment.body?.errors).toEqual({ makerComment: MAKER_COMMENT_EMPTY });
    expect(answerOf(await editAction(post(path, { intent: "maker-comment", makerComment: "Hello makers" }), admin, String(id))).location).toBe(`${path}?tab=comments`);

    const page = await editPage(new Request(`http://localhost${path}?tab=makers`), String(id));
    expect(page.kind === "ok" && [page.tab, page.makers.map((m) => m.id), page.product.makerComment, page.values.headline]).toEqual([
      "makers",
      [maker],
      "Hello makers",
      "A new headline here",
    ]);

    expect(answerOf(await editAction(post(path, { intent: "delete" }), admin, String(id))).location).toBe("/admin/products");
    expect(await auditActions(id!)).toEqual(["product.create", "product.update", "product.makers", "product.maker-comment", "product.delete"]);
    expect(await productIdByName("Edited Product")).toEqual([]);

    // Gone: the form and every action go back to the list with the Not Found message.
    await expect(editPage(new Request(`http://localhost${path}`), String(id))).rejects.toMatchObject({ status: 302 });
    expect(answerOf(await editAction(post(path, { intent: "delete" }), admin, String(id))).location).toBe("/admin/products");
    expect(answerOf(await editAction(post(path, { intent: "nonsense" }), admin, String(id))).status).toBe(400);
  });

  it("hostile values never throw: NUL, lone surrogates, huge text, wrong ids", async () => {
    const admin = await adminActor();
    const niche = await someNiche();
    const hostile = productForm(niche, {
      productName: "Hostile\u0000 \ud800Name",
      headline: "x".repeat(10_000),
      description: "\u0000".repeat(100),
      websiteUrl: "%00%",
      features: ["%", "_", "\\", "'"],
      selectedCategories: ["1 or 1=1", "-5", "99999999999999"],
      selectedSubcategories: ["abc"],
      status: "deleted",
      adStartDate: "9999-99-99",
      makers: ["'; drop table products; --", "\ud800"],
      submission: "not-a-uuid",
    });
    const created = answerOf(await createAction(post("/admin/products/new", hostile), admin, "products"));
    expect(created.status).toBe(400);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "\u0000", undefined]) {
      expect(productIdParam(id)).toBeNull();
      expect((await editPage(new Request("http://localhost/admin/products/edit/x"), id)).kind).toBe("invalid");
      expect(answerOf(await editAction(post("/admin/products/edit/x", { intent: "delete" }), admin, id)).status).toBe(400);
    }
    const bad = new Request("http://localhost/admin/products/new", { method: "POST", body: "%%%", headers: { "Content-Type": "multipart/form-data; boundary=x" } });
    expect(answerOf(await createAction(bad, admin, "products")).status).toBe(400);
  });
});

describe("Error Loading Product", () => {
  let saved: DatabaseHandle | undefined;
  afterEach(() => {
    if (saved) setDatabase(saved);
    saved = undefined;
  });

  it("shows when the product cannot be read", async () => {
    saved = getDatabaseHandle();
    const failing = {
      ...saved,
      db: { execute: () => Promise.reject(new Error("connection lost")) },
    } as unknown as DatabaseHandle;
    setDatabase(failing);
    expect(await editPage(new Request("http://localhost/admin/products/edit/1"), "1")).toEqual({ kind: "error", message: LOAD_FAILED });
  });
});
