import { data } from "react-router";
import type { Route } from "./+types/admin.products.map-csv";
import { requireAdmin } from "~/domain/auth/session.server";
import { mapCsvIndexLoader } from "~/features/catalog-import/requests/upload.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// The spec's route: the newest import awaiting mapping, or the Bulk Upload tab when there is none.
export function loader({ request, context }: Route.LoaderArgs) {
  return mapCsvIndexLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
