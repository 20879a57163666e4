import { data } from "react-router";
import type { Route } from "./+types/claim-product";
import { requireUser } from "~/domain/auth/session.server";
import { ClaimPanel } from "~/features/claims/components/claim-panel";
import { loadClaimPage, submitClaim } from "~/features/claims/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Claim a Product | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { page, status } = await loadClaimPage(new URL(request.url).searchParams.get("product"), user.id);
  return data({ page }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  return submitClaim(await request.formData(), user.id);
}

export default function ClaimProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimPanel page={loaderData.page} actionData={actionData} />;
}
