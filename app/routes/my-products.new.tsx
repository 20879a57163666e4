import type { Route } from "./+types/my-products.new";
import { ProductBasicsForm } from "~/features/makers/components/product-basics-form";
import { newProductAction, newProductLoader } from "~/features/makers/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `List Your Product | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return newProductLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return newProductAction(request, context);
}

const EMPTY = { productName: "", websiteUrl: "", logoUrl: "", pricing: "free" };

export default function NewProductPage({ actionData }: Route.ComponentProps) {
  const failed = actionData && "errors" in actionData ? actionData : undefined;
  return <ProductBasicsForm mode="create" values={failed?.values ?? EMPTY} errors={failed?.errors} />;
}
