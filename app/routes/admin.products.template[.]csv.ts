import { data } from "react-router";
import type { Route } from "./+types/admin.products.template[.]csv";
import { requireAdmin } from "~/domain/auth/session.server";
import { templateCsvLoader } from "~/features/catalog-import/requests/upload.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return templateCsvLoader(request, context);
}

// A download only: writes are refused, behind the same gate.
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
}
