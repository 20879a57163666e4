import type { Route } from "./+types/admin.feedback-reports";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { feedbackReportsAction, feedbackReportsLoader } from "~/features/admin-feedback/requests.server";
import { FeedbackReportsPage } from "~/features/admin-feedback/components/feedback-reports-page";

export const meta = adminMeta("Feedback Reports");

/** Statistics, the filtered table (state in the URL) and moderation of reviews and replies. */
export const loader = adminLoader(feedbackReportsLoader);

export const action = adminAction(feedbackReportsAction);

export default function FeedbackReports({ loaderData }: Route.ComponentProps) {
  return <FeedbackReportsPage {...loaderData} />;
}
