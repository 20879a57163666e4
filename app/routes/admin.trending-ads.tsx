import type { Route } from "./+types/admin.trending-ads";
import { adminMeta } from "~/components/admin/meta";
import { TrendingAdsPage } from "~/features/admin-products/components/trending-ads-page";
import { productsAction, trendingAdsLoader } from "~/features/admin-products/requests.server";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";

export const meta = adminMeta("Trending Ads");

export const loader = adminLoader(trendingAdsLoader);

/** The bulk actions of the table (publish, draft, delete, remap), shared with Manage Products. */
export const action = adminAction((request, context) => productsAction(request, context, "trending-ads"));

export default function TrendingAds({ loaderData }: Route.ComponentProps) {
  return <TrendingAdsPage data={loaderData} />;
}
