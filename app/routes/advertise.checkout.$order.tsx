import type { Route } from "./+types/advertise.checkout.$order";
import { TestCheckoutPage } from "~/features/promotion/components/test-checkout-page";
import { testCheckoutAction, testCheckoutLoader } from "~/features/promotion/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Test-mode checkout | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/** The local test-mode checkout (only without Stripe): the buyer's own order only, else 404. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return testCheckoutLoader(request, context, params.order);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return testCheckoutAction(request, context, params.order);
}

export default function TestCheckout({ loaderData }: Route.ComponentProps) {
  return <TestCheckoutPage {...loaderData} />;
}
