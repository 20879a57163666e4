import type { Route } from "./+types/admin.orders";
import { AdminOrdersPage } from "~/features/promotion/components/admin-orders-page";
import { adminOrdersLoader } from "~/features/promotion/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Orders | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** Read-only: promotion orders with their payment state, newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminOrdersLoader(request, context);
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return <AdminOrdersPage {...loaderData} />;
}
