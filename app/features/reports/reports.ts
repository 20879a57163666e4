/** Reporting a listing (issue 38): the form's schema, labels and messages. Client-safe. */
import * as z from "zod/mini";
import { REPORT_OUTCOMES, REPORT_REASONS, type ReportOutcome, type ReportReason } from "~/lib/constants";

export const REASON_LABELS: Record<ReportReason, string> = {
  broken_link: "Broken link",
  wrong_information: "Wrong information",
  duplicate: "Duplicate",
  spam: "Spam or scam",
  inappropriate: "Inappropriate",
  other: "Other",
};

export const OUTCOME_LABELS: Record<ReportOutcome, string> = {
  fixed: "Fixed the listing",
  unpublished: "Unpublished the product",
  dismissed: "Dismissed: nothing to change",
};

export const NOTE_MAX = 1000;
export const RESOLUTION_MAX = 1000;

export const REPORT_MESSAGES = {
  noProduct: "No product specified to report. Please go back and try again.",
  notFound: "Product not found. It may have been removed or is unavailable.",
  reason: "Please choose what is wrong with this listing.",
  noteTooLong: `Please keep your note under ${NOTE_MAX} characters.`,
  noteNeeded: "Please say what is wrong in the note.",
  filed: "Thank you. Your report was sent to the administrators; we'll e-mail you what they decide.",
  alreadyOpen: "You have already reported this product. The administrators will e-mail you what they decide.",
  failed: "Your report could not be sent. Please try again.",
  outcome: "Please choose what was done.",
  resolution: "Please give the reason the reporters will read.",
  resolutionTooLong: `Please keep the reason under ${RESOLUTION_MAX} characters.`,
  nothingOpen: "This product has no open reports any more: another administrator resolved them.",
} as const;

const reasons = REPORT_REASONS as unknown as [ReportReason, ...ReportReason[]];
const outcomes = REPORT_OUTCOMES as unknown as [ReportOutcome, ...ReportOutcome[]];

/** The member's report. "Other" needs a note: otherwise the admins have nothing to go on. */
export const reportSchema = z
  .object({
    product: z.string({ error: REPORT_MESSAGES.noProduct }).check(z.trim(), z.minLength(1, REPORT_MESSAGES.noProduct)),
    reason: z.enum(reasons, { error: REPORT_MESSAGES.reason }),
    note: z.optional(z.string().check(z.trim(), z.maxLength(NOTE_MAX, REPORT_MESSAGES.noteTooLong))),
  })
  .check(z.refine((form) => form.reason !== "other" || !!form.note, { message: REPORT_MESSAGES.noteNeeded, path: ["note"] }));

/** An admin's resolution of one product's open reports. */
export const resolveSchema = z.object({
  product: z.coerce.number().check(z.int(), z.positive()),
  outcome: z.enum(outcomes, { error: REPORT_MESSAGES.outcome }),
  resolution: z
    .string({ error: REPORT_MESSAGES.resolution })
    .check(z.trim(), z.minLength(1, REPORT_MESSAGES.resolution), z.maxLength(RESOLUTION_MAX, REPORT_MESSAGES.resolutionTooLong)),
});

export type ReportErrors = Partial<Record<"product" | "reason" | "note" | "form", string>>;

export interface ReportProduct {
  id: number;
  slug: string;
  product_name: string;
  logo_url: string | null;
}

/** What /report-product shows the signed-in member. */
export type ReportPage = { kind: "message"; message: string } | { kind: "form"; product: ReportProduct; alreadyOpen: boolean };

/** One product's open reports, as the admin queue shows them. */
export interface ReportGroup {
  product: ReportProduct & { status: string };
  reports: { id: number; reason: ReportReason; note: string; reporter: string; created_at: string }[];
}
