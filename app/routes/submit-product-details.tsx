import { data } from "react-router";
import type { Route } from "./+types/submit-product-details";
import { requireUser } from "~/domain/auth/session.server";

// Placeholder until the wizard is built (issue 11): members only.
export function meta() {
  return [{ title: "Submit your product" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  throw data({ error: "Unknown action" }, { status: 400 });
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold tracking-tight">Submit your product</h1>;
}
