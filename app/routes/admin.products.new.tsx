import type { Route } from "./+types/admin.products.new";
import { AdminCreatePage } from "~/features/admin-product-form/components/admin-product-pages";
import { createAction, createPage } from "~/features/admin-product-form/requests.server";
import { CsvUploadPanel } from "~/features/catalog-import/components/csv-upload-panel";
import { uploadLimits } from "~/features/catalog-import/requests/upload.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches, data }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  const section = data?.tab === "csv" ? "Bulk Upload (CSV) | " : "";
  return [{ title: `${section}Create Product | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
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
