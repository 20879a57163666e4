import { data } from "react-router";
import type { Route } from "./+types/advertise";
import { requireUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// Placeholder until promotion is built (issue 15).
export function meta() {
  return [{ title: "Advertise" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  throw data({ error: "Unknown action" }, { status: 400 });
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold tracking-tight">Advertise</h1>;
}
