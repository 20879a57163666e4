import type { Route } from "./+types/admin.products";
import { ManageProductsPage } from "~/features/admin-products/components/manage-products-page";
import { productsAction, productsLoader } from "~/features/admin-products/requests.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Manage Products | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return productsLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return productsAction(request, context, "products");
}

export default function ManageProducts({ loaderData }: Route.ComponentProps) {
  return <ManageProductsPage data={loaderData} />;
}
