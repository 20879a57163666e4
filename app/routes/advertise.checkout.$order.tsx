import { data } from "react-router";
import type { Route } from "./+types/advertise.checkout.$order";
import { requireUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// Placeholder until promotion is built (issue 15): the buyer's own order only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold tracking-tight">Checkout</h1>;
}
