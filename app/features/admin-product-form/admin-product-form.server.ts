/**
 * The admin product form's request helpers and Create Product (admin spec, sections 2-5; issue 12);
 * the edit page and its actions are in edit-product.server.ts. Every write is
 * one transaction with its audit entry (decision 036), through the shared product writer
 * (`~/domain/product-form/save-product.server`, decision 038); the product's pages and the lists
 * leave the page cache after the commit.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { invalidate } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { col, selectRow } from "~/db/rows.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { setFlash } from "~/domain/flash.server";
import { makerProfiles } from "~/domain/people/maker-search.server";
import { adminCreateSchema, EMPTY_PRODUCT_VALUES, postedValues, type AdminProduct } from "~/domain/product-form/fields";
import { createProduct, ProductInputError, type Tx } from "~/domain/product-form/save-product.server";
import { taxonomyOptions } from "~/domain/product-form/taxonomy-options.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { createTab, NOT_FOUND, PRODUCT_CREATED, SAVE_FAILED, type CreateMode, type CreatePageData, type FormRefusal } from "./admin-product-form";

export const LIST_PATH = "/admin/products";
const SUBMISSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The route's `:id`: a positive integer that fits the column, else null ('Invalid Product ID'). */
export function productIdParam(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export async function flashRedirect(to: string, kind: "success" | "error", message: string) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
}

/* ----------------------------------------------------------------- Create */

export async function createPage(request: Request, mode: CreateMode): Promise<CreatePageData> {
  const tab = mode === "submit" ? "list" : createTab(new URL(request.url).searchParams.get("tab"));
  return {
    mode,
    tab,
    values: { ...EMPTY_PRODUCT_VALUES, isAdvertised: mode === "submit" },
    taxonomy: await taxonomyOptions(getDb(), "admin"),
    submission: crypto.randomUUID(),
  };
}

export function split(form: AdminProduct) {
  const { selectedCategories, selectedSubcategories, status, isAdvertised, adStartDate, adEndDate, ...info } = form;
  return { info, categories: { selectedCategories, selectedSubcategories }, admin: { status, isAdvertised, adStartDate, adEndDate } };
}

export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export function refuse(refusal: FormRefusal) {
  return data(refusal, { status: 400 });
}

/**
 * Create Product: checks the form, then in one transaction writes the product, its relations,
 * makers and comment with the audit entry. The form's one-time `submission` token makes a double
 * submit create one product (the second finds the first's audit entry and just redirects).
 */
export async function createAction(request: Request, admin: Actor, mode: CreateMode) {
  const form = await readForm(request);
  if (!form) return refuse({ errors: { form: SAVE_FAILED }, intent: "create" });
  const parsed = parseForm(adminCreateSchema, form);
  const done = mode === "submit" ? "/admin/trending-ads" : LIST_PATH;
  if (!parsed.ok) {
    return refuse({ errors: parsed.errors, ...(await typedBack(form)), intent: "create" });
  }
  const token = typeof form.get("submission") === "string" && SUBMISSION.test(String(form.get("submission"))) ? String(form.get("submission")) : null;
  const { makers, makerComment, ...product } = parsed.data;
  try {
    const result = await getDb().transaction(async (tx) => {
      if (token && (await alreadySubmitted(tx, admin, token))) return null;
      const saved = await createProduct(tx, { ...split(product), makers, makerComment });
      await recordAudit(tx, admin, {
        action: "product.create",
        entityType: "product",
        entityId: saved.id,
        summary: saved.after.product_name,
        changes: token ? { ...saved.changes, submission: { before: null, after: token } } : saved.changes,
      });
      return saved;
    });
    if (!result) return redirect(done);
    await invalidate(result.cacheTags);
    return flashRedirect(done, "success", PRODUCT_CREATED);
  } catch (error) {
    if (error instanceof ProductInputError) {
      return refuse({ errors: error.errors, ...(await typedBack(form)), intent: "create" });
    }
    logger().error({ err: error }, "admin product create failed");
    return data({ errors: { form: SAVE_FAILED }, values: postedValues(form), intent: "create" } satisfies FormRefusal, { status: 500 });
  }
}

/** What the create form shows again after a refusal: the typed values, the chosen makers, the comment. */
async function typedBack(form: FormData) {
  const comment = form.get("makerComment");
  return {
    values: postedValues(form),
    makers: await makerProfiles(makerIdsOf(form), { includeEmail: true }),
    makerComment: typeof comment === "string" ? comment.slice(0, 5_000) : "",
  };
}

export function makerIdsOf(form: FormData): string[] {
  return form.getAll("makers").filter((value): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value)).slice(0, 20);
}

/** This admin already created a product from this rendering of the form (serialised per token). */
async function alreadySubmitted(tx: Tx, admin: Actor, token: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-create:${token}`}))`);
  const row = await selectRow(
    tx,
    z.object({ found: col.bool }),
    sql`select exists (select 1 from audit_log
                        where actor_id = ${admin.id} and created_at > now() - interval '1 day'
                          and action = 'product.create' and changes -> 'submission' ->> 'after' = ${token}) as found`,
  );
  return row?.found === true;
}

export async function notFound() {
  return flashRedirect(LIST_PATH, "error", NOT_FOUND);
}
