import type { Route } from "./+types/admin.trending-ads";
import { TrendingAdsPage } from "~/features/admin-products/components/trending-ads-page";
import { productsAction, trendingAdsLoader } from "~/features/admin-products/requests.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Trending Ads | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return trendingAdsLoader(request, context);
}

/** The bulk actions of the table (publish, draft, delete, remap), shared with Manage Products. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return productsAction(request, context, "trending-ads");
}

export default function TrendingAds({ loaderData }: Route.ComponentProps) {
  return <TrendingAdsPage data={loaderData} />;
}
