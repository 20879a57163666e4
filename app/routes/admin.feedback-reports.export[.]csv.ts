import { data } from "react-router";
import type { Route } from "./+types/admin.feedback-reports.export[.]csv";
import { requireAdmin } from "~/domain/auth/session.server";
import { feedbackCsvLoader } from "~/features/admin-feedback/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

/** The filtered feedback as a streamed CSV download: admins only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedbackCsvLoader(request, context);
}

// A download only: writes are refused, behind the same gate.
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
