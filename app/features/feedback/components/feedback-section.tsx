import { deferredPart, ssrPart } from "~/components/deferred-part";
import { FeedbackSectionBody } from "./feedback-section-body";

/**
 * Reviews on the product page (feedback-section-body.tsx). Below the fold, so its code (the review
 * form, the list, the summary: a third of the product page's own JavaScript) loads after the
 * page's first JavaScript and the section hydrates then; the server renders it as usual (decision 052).
 */
export const FeedbackSection = import.meta.env.SSR
  ? ssrPart(FeedbackSectionBody)
  : deferredPart(() => import("./feedback-section-body").then((m) => m.FeedbackSectionBody));
