import type { Route } from "./+types/admin.submissions";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { SubmissionsPage } from "~/features/moderation/components/submissions-page";
import { submissionsAction, submissionsLoader } from "~/features/moderation/requests/submission-queues.server";

export const meta = adminMeta("Product Submissions");

export const loader = adminLoader(submissionsLoader);

export const action = adminAction(submissionsAction);

export default function ProductSubmissions({ loaderData }: Route.ComponentProps) {
  return <SubmissionsPage list={loaderData.list} />;
}
