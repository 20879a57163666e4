/**
 * The admin product form's requests (admin spec, sections 2-5; issue 12): the create page and
 * Create Product, the edit page and its actions (Proceed, Delete, the Makers tab and the Maker
 * Comments tab). The writes are in mutations.server.ts; here the form is read and checked, and
 * after the commit the product's pages and the lists leave the page cache.
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { invalidate } from "~/db/cache-bus.server";
import type { Actor } from "~/domain/audit/audit.server";
import { setFlash } from "~/domain/flash.server";
import { notifySubmitters } from "~/domain/maker-mail.server";
import { makerProfiles } from "~/domain/people/maker-search.server";
import { adminCreateSchema, adminProductSchema, EMPTY_PRODUCT_VALUES, makerCommentSchema, makersSchema, postedValues } from "~/domain/product-form/fields";
import { ProductInputError } from "~/domain/product-form/save-product.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import {
  COMMENT_SAVED,
  createTab,
  DELETE_FAILED,
  editTab,
  LOAD_FAILED,
  MAKERS_UPDATED,
  NOT_FOUND,
  PRODUCT_CREATED,
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  SAVE_FAILED,
  type CreateMode,
  type CreatePageData,
  type EditPageData,
  type FormRefusal,
} from "./admin-product-form";
import { createAdminProduct, deleteAdminProduct, setMakerComment, setProductMakers, updateAdminProduct } from "./mutations.server";
import { createTaxonomy, loadEditedProduct } from "./queries.server";

const LIST_PATH = "/admin/products";
const SUBMISSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The route's `:id`: a positive integer that fits the column, else null ('Invalid Product ID'). */
export function productIdParam(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

async function flashRedirect(to: string, kind: "success" | "error", message: string) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
}

/* ----------------------------------------------------------------- Create */

export async function createPage(request: Request, mode: CreateMode): Promise<CreatePageData> {
  const tab = mode === "submit" ? "list" : createTab(new URL(request.url).searchParams.get("tab"));
  return {
    mode,
    tab,
    values: { ...EMPTY_PRODUCT_VALUES, isAdvertised: mode === "submit" },
    taxonomy: await createTaxonomy(),
    submission: crypto.randomUUID(),
  };
}

async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

function refuse(refusal: FormRefusal) {
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
  try {
    const result = await createAdminProduct(admin, parsed.data, token);
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

function makerIdsOf(form: FormData): string[] {
  return form.getAll("makers").filter((value): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value)).slice(0, 20);
}

async function notFound() {
  return flashRedirect(LIST_PATH, "error", NOT_FOUND);
}

/* ------------------------------------------------------------------- Edit */

/** The edit page: 'Invalid Product ID', the Not Found redirect, 'Error Loading Product', or the form. */
export async function editPage(request: Request, idParam: string | undefined): Promise<EditPageData> {
  const id = productIdParam(idParam);
  if (id === null) return { kind: "invalid" };
  const tab = editTab(new URL(request.url).searchParams.get("tab"));
  let loaded: EditPageData;
  try {
    const found = await loadEditedProduct(id);
    if (!found) throw await flashRedirect(LIST_PATH, "error", NOT_FOUND);
    loaded = { kind: "ok", tab, ...found };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger().error({ err: error, id }, "admin product load failed");
    return { kind: "error", message: LOAD_FAILED };
  }
  return loaded;
}

/** Proceed (update), Delete, the Makers tab and the Maker Comments tab. */
export async function editAction(request: Request, admin: Actor, idParam: string | undefined) {
  const id = productIdParam(idParam);
  if (id === null) return data({ errors: { form: "Invalid Product ID" }, intent: "unknown" } satisfies FormRefusal, { status: 400 });
  const form = await readForm(request);
  if (!form) return refuse({ errors: { form: SAVE_FAILED }, intent: "unknown" });
  const intent = form.get("intent");
  const here = `/admin/products/edit/${id}`;
  try {
    switch (intent) {
      case "update":
        return await update(admin, id, form);
      case "delete":
        return await remove(admin, id);
      case "makers":
        return await saveMakers(admin, id, form, here);
      case "maker-comment":
        return await saveComment(admin, id, form, here);
      default:
        return refuse({ errors: { form: "Unknown action" }, intent: "unknown" });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ProductInputError) return refuse({ errors: error.errors, values: postedValues(form), intent: String(intent) });
    logger().error({ err: error, id, intent }, "admin product write failed");
    const message = intent === "delete" ? DELETE_FAILED : SAVE_FAILED;
    return data({ errors: { form: message }, intent: String(intent) } satisfies FormRefusal, { status: 500 });
  }
}

async function update(admin: Actor, id: number, form: FormData) {
  const parsed = parseForm(adminProductSchema, form);
  if (!parsed.ok) return refuse({ errors: parsed.errors, values: postedValues(form), intent: "update" });
  const result = await updateAdminProduct(admin, id, parsed.data);
  if (!result) return notFound();
  notifySubmitters(result.mails);
  await invalidate(result.saved.cacheTags);
  return flashRedirect(LIST_PATH, "success", PRODUCT_UPDATED);
}

async function remove(admin: Actor, id: number) {
  const result = await deleteAdminProduct(admin, id);
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(LIST_PATH, "success", PRODUCT_DELETED);
}

async function saveMakers(admin: Actor, id: number, form: FormData, here: string) {
  const parsed = parseForm(makersSchema, form);
  if (!parsed.ok) return refuse({ errors: parsed.errors, makers: await makerProfiles(makerIdsOf(form), { includeEmail: true }), intent: "makers" });
  const result = await setProductMakers(admin, id, parsed.data.makers);
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(`${here}?tab=makers`, "success", MAKERS_UPDATED);
}

async function saveComment(admin: Actor, id: number, form: FormData, here: string) {
  const parsed = parseForm(makerCommentSchema, form);
  if (!parsed.ok) {
    const typed = form.get("makerComment");
    return refuse({ errors: parsed.errors, makerComment: typeof typed === "string" ? typed.slice(0, 5_000) : "", intent: "maker-comment" });
  }
  const result = await setMakerComment(admin, id, parsed.data.makerComment);
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(`${here}?tab=comments`, "success", COMMENT_SAVED);
}
