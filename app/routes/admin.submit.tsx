import type { Route } from "./+types/admin.submit";
import { adminMeta } from "~/components/admin/meta";
import { AdminCreatePage } from "~/features/admin-product-form/components/admin-product-pages";
import { createAction, createPage } from "~/features/admin-product-form/requests.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export const meta = adminMeta("Add New Product");

/** Trending Ads' Add New Product: the create form with advertising on; back to /admin/trending-ads after saving. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return createPage(request, "submit");
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  return createAction(request, admin, "submit");
}

export default function AdminSubmit({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminCreatePage page={loaderData} refusal={actionData} bulkUpload={null} />;
}
