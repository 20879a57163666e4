import { data } from "react-router";
import type { Route } from "./+types/admin.imports.$import.rejected[.]csv";
import { requireAdmin } from "~/domain/auth/session.server";
import { rejectedCsvLoader } from "~/features/catalog-import/requests/progress.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return rejectedCsvLoader(request, context, params.import);
}

// A download only: writes are refused, behind the same gate.
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
