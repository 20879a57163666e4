import type { Route } from "./+types/admin.bulk-remap";
import { BulkRemapPage } from "~/features/admin-products/components/bulk-remap-page";
import { remapAction, remapLoader } from "~/features/admin-products/requests.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Bulk Remap | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** The chosen products come as `ids=1,2,3` in the URL (not navigation state), so a reload keeps them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return remapLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return remapAction(request, context);
}

export default function BulkRemap({ loaderData }: Route.ComponentProps) {
  return <BulkRemapPage data={loaderData} />;
}
