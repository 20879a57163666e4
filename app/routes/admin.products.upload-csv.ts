import type { Route } from "./+types/admin.products.upload-csv";
import { uploadCsvAction } from "~/features/catalog-import/requests/upload.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { data } from "react-router";

// POST only: the CSV file streams in as the body (server/body-limit.ts caps it); GET has nothing to show.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export function action({ request, context }: Route.ActionArgs) {
  return uploadCsvAction(request, context);
}
