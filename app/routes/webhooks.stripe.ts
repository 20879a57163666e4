import { data } from "react-router";
import type { Route } from "./+types/webhooks.stripe";
import { stripeWebhookAction } from "~/features/promotion/requests.server";

/** Only POST: Stripe never reads this address. */
export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** Stripe's webhook: no session; only an event whose Stripe-Signature verifies is heard (400 otherwise). */
export function action({ request }: Route.ActionArgs) {
  return stripeWebhookAction(request);
}
