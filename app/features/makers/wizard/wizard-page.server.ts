/**
 * The requests of /submit-product-details?product={id}&step={step}: who is asking, the product's
 * ownership, the step's data, and each step's save (intent per step). The route only calls these.
 */
import { data, redirect } from "react-router";
import { invalidate } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { requireUser, type SessionUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { consume } from "~/domain/rate-limit.server";
import { makerCommentSchema, makersSchema, MAKER_COMMENT_EMPTY, MAKER_COMMENT_EMPTY_TITLE, MAKERS_LIMIT, MAKERS_MAX, type ProductFormErrors } from "~/domain/product-form/fields";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { SAVE_FAILED } from "../my-products";
import { parseProductId } from "../my-products-pages.server";
import { COMMENT_SAVED, MAKERS_SAVED, MISSING_INFORMATION, parseStep, stepUrl, type WizardActionData, type WizardStepId } from "./steps";
import { loadWizardProduct, type WizardProduct } from "./wizard-read.server";
import { categoriesAction, productInfoAction } from "./wizard-details.server";
import { wizardView } from "./wizard-view.server";
import { saveMakerComment, saveMakers } from "./wizard-write.server";

/** Step saves per user: generous for a person filling in a form, a wall for a script. */
export const WIZARD_WRITE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 600 };

const NOT_FOUND = "Product not found. It may have been removed.";

function notFound(): never {
  throw data({ message: NOT_FOUND }, { status: 404 });
}

async function missingInformation(): Promise<never> {
  throw redirect("/my-products", { headers: { "Set-Cookie": await setFlash({ kind: "error", message: MISSING_INFORMATION }) } });
}

async function redirectWithFlash(to: string, message: string, kind: "success" | "info" = "success") {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
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

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read. Please try again." }, { status: 400 });
  }
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
