import type { Route } from "./+types/admin.products";
import { adminMeta } from "~/components/admin/meta";
import { ManageProductsPage } from "~/features/admin-products/components/manage-products-page";
import { productsAction, productsLoader } from "~/features/admin-products/requests.server";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";

export const meta = adminMeta("Manage Products");

export const loader = adminLoader(productsLoader);

export const action = adminAction((request, context) => productsAction(request, context, "products"));

export default function ManageProducts({ loaderData }: Route.ComponentProps) {
  return <ManageProductsPage data={loaderData} />;
}
