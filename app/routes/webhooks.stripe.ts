import { data } from "react-router";
import type { Route } from "./+types/webhooks.stripe";

// Placeholder until payments are built (issue 15): nothing is accepted.
export async function action(_: Route.ActionArgs) {
  throw data({ error: "Webhook signature missing or invalid" }, { status: 400 });
}
