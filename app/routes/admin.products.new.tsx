import type { Route } from "./+types/admin.products.new";
import { NOINDEX, adminTitle } from "~/components/admin/meta";
import { AdminCreatePage } from "~/features/admin-product-form/components/admin-product-pages";
import { createAction, createPage } from "~/features/admin-product-form/requests.server";
import { CsvUploadPanel } from "~/features/catalog-import/components/csv-upload-panel";
import { uploadLimits } from "~/features/catalog-import/requests/upload.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta(args: Route.MetaArgs) {
  const section = args.data?.tab === "csv" ? "Bulk Upload (CSV) | " : "";
  return [{ title: adminTitle(args, `${section}Create Product`) }, NOINDEX];
}

/** Create mode: List Product (the admin product form) and Bulk Upload (CSV) (catalog-import's panel, `?tab=csv`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { ...(await createPage(request, "products")), upload: uploadLimits() };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  return createAction(request, admin, "products");
}

export default function CreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminCreatePage page={loaderData} refusal={actionData} bulkUpload={<CsvUploadPanel maxBytes={loaderData.upload.maxBytes} />} />;
}
