import type { Route } from "./+types/admin.orders";
import { adminMeta } from "~/components/admin/meta";
import { adminLoader } from "~/domain/auth/admin-route.server";
import { AdminOrdersPage } from "~/features/promotion/components/admin-orders-page";
import { adminOrdersLoader } from "~/features/promotion/requests.server";

export const meta = adminMeta("Orders");

/** Read-only: promotion orders with their payment state, newest first. */
export const loader = adminLoader(adminOrdersLoader);

export default function Orders({ loaderData }: Route.ComponentProps) {
  return <AdminOrdersPage {...loaderData} />;
}
