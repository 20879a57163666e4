import type { Route } from "./+types/admin.feedback-reports";
import { feedbackReportsAction, feedbackReportsLoader } from "~/features/admin-feedback/requests.server";
import { FeedbackReportsPage } from "~/features/admin-feedback/components/feedback-reports-page";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Feedback Reports | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** Statistics, the filtered table (state in the URL) and moderation of reviews and replies. */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedbackReportsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return feedbackReportsAction(request, context);
}

export default function FeedbackReports({ loaderData }: Route.ComponentProps) {
  return <FeedbackReportsPage {...loaderData} />;
}
