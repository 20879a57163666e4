import { data, redirect } from "react-router";
import { invalidate } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { consume } from "~/domain/rate-limit.server";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mail/mail.server";
import { clampPage, pageCountOf } from "~/lib/paging";
import { fileReport, resolveReports } from "./mutations.server";
import { hasOpenReport, openReportGroups, QUEUE_PAGE_SIZE, reportableProduct, reportedProductCount } from "./queries.server";
import { makerMessage, reporterMessage } from "./report-mail";
import { OUTCOME_LABELS, REPORT_MESSAGES, reportSchema, resolveSchema, type ReportErrors, type ReportPage } from "./reports";

/** Reports per member: enough for someone tidying a niche, too few to flood the queue. */
export const REPORT_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };

/** What /report-product?product={slug} shows the signed-in member. */
export async function reportPageLoader(request: Request, user: SessionUser): Promise<{ page: ReportPage; status: number }> {
  const slug = new URL(request.url).searchParams.get("product")?.trim() ?? "";
  if (!slug) return { page: { kind: "message", message: REPORT_MESSAGES.noProduct }, status: 200 };
  const product = await reportableProduct(getDb(), slug);
  if (!product) return { page: { kind: "message", message: REPORT_MESSAGES.notFound }, status: 404 };
  return { page: { kind: "form", product, alreadyOpen: await hasOpenReport(getDb(), product.id, user.id) }, status: 200 };
}

const refuse = (errors: ReportErrors, status: number, headers?: HeadersInit) => data({ errors }, { status, headers });

/** /report-product's action: checked, rate-limited, filed; back to the product with a thank-you. */
export async function reportAction(request: Request, user: SessionUser) {
  const parsed = parseForm(reportSchema, await request.formData());
  if (!parsed.ok) return refuse(parsed.errors, 400);
  const limited = await consume(`reports:user:${user.id}`, REPORT_RATE_LIMIT);
  if (!limited.ok) return refuse({ form: RATE_LIMIT_MESSAGE }, 429, { "Retry-After": String(limited.retryAfterSeconds) });
  const { product, reason, note } = parsed.data;
  const result = await fileReport(getDb(), { slug: product, actor: user, reason, note: note ?? "" });
  if (result.kind === "not-found") return refuse({ form: REPORT_MESSAGES.notFound }, 404);
  if (result.kind === "already-open") return refuse({ form: REPORT_MESSAGES.alreadyOpen }, 409);
  const flash = await setFlash({ kind: "success", message: REPORT_MESSAGES.filed });
  return redirect(`/resources/${product}`, { headers: { "Set-Cookie": flash } });
}

/** /admin/reports: one page of products with open reports. */
export async function adminReportsLoader(request: Request) {
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(requested) && requested > 0 ? requested : 1;
  const { groups, total } = await openReportGroups(getDb(), page);
  const pageCount = pageCountOf(total, QUEUE_PAGE_SIZE);
  return { groups, total, page: clampPage(page, pageCount), pageCount };
}

/** /admin/reports' action: resolve one product's open reports, then tell the reporters (and makers). */
export async function adminReportsAction(request: Request, admin: SessionUser) {
  const parsed = parseForm(resolveSchema, await request.formData());
  if (!parsed.ok) return data({ error: Object.values(parsed.errors)[0] ?? REPORT_MESSAGES.outcome }, { status: 400 });
  const { product: productId, outcome, resolution } = parsed.data;
  const result = await resolveReports(getDb(), { productId, outcome, resolution, actor: admin });
  if (result.kind === "nothing-open") return data({ error: REPORT_MESSAGES.nothingOpen }, { status: 409 });
  if (result.cacheTags.length) await invalidate(result.cacheTags);
  const { SITE_NAME, APP_URL } = env();
  const site = { name: SITE_NAME, url: APP_URL };
  const report = { productName: result.product.product_name, slug: result.product.slug, outcome, resolution };
  try {
    for (const reporter of result.reporters) queueMail(reporterMessage(reporter, report, site));
    if (outcome !== "dismissed") for (const maker of result.makers) queueMail(makerMessage(maker, { ...report, outcome }, site));
  } catch (error) {
    // The decision stands: a mail that cannot be queued is logged, not a failed resolution.
    logger().error({ err: error, product: productId }, "report outcome mail failed");
  }
  return data({ ok: true as const, message: `${result.product.product_name}: ${OUTCOME_LABELS[outcome]}. ${result.reporters.length} reporter(s) e-mailed.` });
}

/** What waits beside a page's name in the admin navigation (the admin layout's loader). */
export async function adminNavCounts(): Promise<Record<string, number>> {
  return { "/admin/reports": await reportedProductCount(getDb()) };
}
