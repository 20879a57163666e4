import { data } from "react-router";
import type { Route } from "./+types/admin.products.edit.$id";
import { NOINDEX, adminTitle } from "~/components/admin/meta";
import { AdminEditPage } from "~/features/admin-product-form/components/admin-product-pages";
import { ProductScreen } from "~/features/admin-product-form/components/form-parts";
import { ERROR_LOADING_PRODUCT, INVALID_PRODUCT_ID } from "~/features/admin-product-form/admin-product-form";
import { editAction, editPage } from "~/features/admin-product-form/requests.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// Serves /admin/products/edit/:id and /admin/products/:id (route id "admin-product-by-id").
export function meta(args: Route.MetaArgs) {
  const page = args.data;
  const title = page?.kind === "invalid" ? INVALID_PRODUCT_ID : page?.kind === "error" ? ERROR_LOADING_PRODUCT : "Edit Product";
  return [{ title: adminTitle(args, title) }, NOINDEX];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = await editPage(request, params.id);
  if (page.kind === "invalid") return data(page, { status: 400 });
  if (page.kind === "error") return data(page, { status: 503 });
  return page;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  return editAction(request, admin, params.id);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "invalid") return <ProductScreen title={INVALID_PRODUCT_ID} message="The product ID in the address is not a valid number." />;
  if (loaderData.kind === "error") return <ProductScreen title={ERROR_LOADING_PRODUCT} message={loaderData.message} />;
  return <AdminEditPage key={loaderData.product.id} page={loaderData} refusal={actionData} />;
}
