import { data } from "react-router";
import type { Route } from "./+types/admin.feedback-reports.export[.]csv";
import { requireAdmin } from "~/domain/auth/session.server";

// Placeholder until it is built (issue 14): admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data({ error: "Not found" }, { status: 404 });
}
