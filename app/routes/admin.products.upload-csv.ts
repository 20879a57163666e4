import { data } from "react-router";
import type { Route } from "./+types/admin.products.upload-csv";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// Placeholder until it is built (issue 13): admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data({ error: "Not found" }, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Unknown action" }, { status: 400 });
}
