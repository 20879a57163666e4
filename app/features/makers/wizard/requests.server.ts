/**
 * The requests of /submit-product-details?product={id}&step={step}: who is asking, the product's
 * ownership, the step's data, and each step's save (intent per step), checked with the shared
 * product-form schemas. The route only calls these.
 */
import { data, redirect } from "react-router";
import { invalidate } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { requireUser, type SessionUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { consume } from "~/domain/rate-limit.server";
import {
  categoriesSchema,
  makerCommentSchema,
  makersSchema,
  MAKER_COMMENT_EMPTY,
  MAKER_COMMENT_EMPTY_TITLE,
  MAKERS_LIMIT,
  MAKERS_MAX,
  NICHE_REQUIRED,
  postedValues,
  productInfoSchema,
  type ProductFormErrors,
} from "~/domain/product-form/fields";
import { ProductInputError } from "~/domain/product-form/save-product.server";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { PRODUCT_UPDATED_FOR_REVIEW, SAVE_FAILED } from "../makers";
import { parseProductId, readForm, redirectWithFlash } from "../requests.server";
import { saveMakerComment, saveMakers, saveProductInfo, submitProduct } from "./mutations.server";
import { formValues, loadWizardProduct, validCategories, type WizardProduct } from "./queries.server";
import { wizardView } from "./step-view.server";
import { COMMENT_SAVED, MAKERS_SAVED, MISSING_DETAILS, MISSING_INFORMATION, NICHE_LOCKED, parseStep, stepUrl, type WizardActionData, type WizardStepId } from "./wizard";

/** Step saves per user: generous for a person filling in a form, a wall for a script. */
export const WIZARD_WRITE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 600 };

const NOT_FOUND = "Product not found. It may have been removed.";

function notFound(): never {
  throw data({ message: NOT_FOUND }, { status: 404 });
}

async function missingInformation(): Promise<never> {
  throw redirect("/my-products", { headers: { "Set-Cookie": await setFlash({ kind: "error", message: MISSING_INFORMATION }) } });
}

/** The caller's own product named by `?product=`: none or not a number -> Missing Information; not theirs -> 404. */
async function ownProduct(request: Request, user: SessionUser, onMissing: () => Promise<never>): Promise<WizardProduct> {
  const raw = new URL(request.url).searchParams.get("product");
  const id = parseProductId(raw);
  if (id === null) return onMissing();
  const product = await loadWizardProduct(getDb(), user.id, id);
  if (!product) notFound();
  if (!product.product_name.trim() || !product.website_url) return onMissing();
  return product;
}

export async function wizardLoader(request: Request, context: unknown) {
  const user = await requireUser(request, context);
  const product = await ownProduct(request, user, missingInformation);
  return wizardView(getDb(), product, parseStep(new URL(request.url).searchParams.get("step")));
}

/** The product went away between the check and the write (deleted in another tab). */
function gone(intent: string) {
  return failure(intent, { form: NOT_FOUND }, 404);
}

function failure(intent: string, errors: ProductFormErrors, status: 400 | 404 | 429 | 503, extra: Partial<Extract<WizardActionData, { errors: unknown }>> = {}) {
  return data<WizardActionData>({ intent, errors, ...extra }, { status });
}

/** Each step's Save/Next (intent per step), checked with the shared product-form schemas. */
export async function wizardAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const user = await requireUser(request, context);
  const product = await ownProduct(request, user, async () => notFound());
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !["product-info", "submit", "maker-comment", "makers"].includes(intent)) {
    return failure("unknown", { form: "Unknown request." }, 400);
  }
  const limited = await consume(`wizard:user:${user.id}`, WIZARD_WRITE_LIMIT);
  if (!limited.ok) return failure(intent, { form: RATE_LIMIT_MESSAGE }, 429);
  try {
    switch (intent) {
      case "product-info":
        return await productInfoAction(user, product, form);
      case "submit":
        return await categoriesAction(user, product, form);
      case "maker-comment":
        return await makerCommentAction(user, product, form);
      default:
        return await makersAction(user, product, form);
    }
  } catch (error) {
    logger().error({ err: error, userId: user.id, productId: product.id, intent }, "saving a wizard step failed");
    return failure(intent, { form: SAVE_FAILED }, 503);
  }
}

function goTo(product: WizardProduct, step: WizardStepId) {
  return stepUrl(product.id, step);
}

async function makerCommentAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(makerCommentSchema, form);
  if (!parsed.ok) {
    const empty = parsed.errors.makerComment === MAKER_COMMENT_EMPTY;
    return failure("maker-comment", parsed.errors, 400, empty ? { toast: { title: MAKER_COMMENT_EMPTY_TITLE, description: MAKER_COMMENT_EMPTY } } : {});
  }
  const result = await saveMakerComment(getDb(), user.id, product.id, parsed.data.makerComment);
  if (result === "not found") return gone("maker-comment");
  return redirectWithFlash(goTo(product, "maker-comments"), COMMENT_SAVED);
}

async function makersAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(makersSchema, form);
  if (!parsed.ok) return failure("makers", parsed.errors, 400);
  const others = parsed.data.makers.filter((id) => id !== product.submitter_id);
  if (others.length + 1 > MAKERS_LIMIT) return failure("makers", { makers: MAKERS_MAX }, 400);
  const saved = await saveMakers(getDb(), user.id, product.id, others);
  if (saved.result === "not found") return gone("makers");
  await invalidate(saved.cacheTags);
  return redirectWithFlash(goTo(product, "makers"), MAKERS_SAVED);
}

function refused(intent: string, errors: ProductFormErrors, values?: unknown) {
  return data<WizardActionData>({ intent, errors, ...(values ? { values: values as Record<string, unknown> } : {}) }, { status: 400 });
}

/** Product Info's Next: Categories. */
async function productInfoAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(productInfoSchema, form);
  if (!parsed.ok) return refused("product-info", parsed.errors, postedValues(form, formValues(product)));
  const result = await saveProductInfo(getDb(), user.id, product.id, parsed.data);
  if (result === "not found") return data<WizardActionData>({ intent: "product-info", errors: { form: "Product not found. It may have been removed." } }, { status: 404 });
  const next = stepUrl(product.id, "categories");
  return result === "revision" ? redirectWithFlash(next, PRODUCT_UPDATED_FOR_REVIEW) : redirect(next);
}

/** Categories' Submit Product: the Congratulations dialog on success. */
async function categoriesAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(categoriesSchema, form);
  const values = postedValues(form, formValues(product));
  if (!parsed.ok) return refused("submit", parsed.errors, values);
  let result: Awaited<ReturnType<typeof submitProduct>>;
  try {
    result = await submitProduct(getDb(), user.id, product.id, parsed.data, validCategories);
  } catch (error) {
    if (error instanceof ProductInputError) return refused("submit", error.errors, values);
    throw error;
  }
  if (result.ok) return data<WizardActionData>({ intent: "submit", submitted: true, revision: result.revision });
  switch (result.reason) {
    case "not found":
      return data<WizardActionData>({ intent: "submit", errors: { form: "Product not found. It may have been removed." } }, { status: 404 });
    case "details missing":
      return refused("submit", { form: MISSING_DETAILS }, values);
    case "locked niche removed":
      return refused("submit", { selectedCategories: NICHE_LOCKED }, values);
    case "invalid categories":
      return refused("submit", { selectedCategories: NICHE_REQUIRED }, values);
  }
}
