import type { Route } from "./+types/my-products.edit.$id";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ProductBasicsForm } from "~/features/makers/components/product-basics-form";
import { editProductAction, editProductLoader } from "~/features/makers/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Edit Product | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return editProductLoader(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return editProductAction(request, context, params.id);
}

export default function EditProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && "errors" in actionData ? actionData : undefined;
  // A new product version (after a save) starts the form again from the saved values.
  return (
    <ProductBasicsForm
      key={JSON.stringify(loaderData.values)}
      mode="edit"
      live={loaderData.status === "live"}
      values={failed?.values ?? loaderData.values}
      errors={failed?.errors}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Product Not Found" />;
}
