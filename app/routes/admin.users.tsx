import { data } from "react-router";
import type { Route } from "./+types/admin.users";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

// Placeholder until the page is built: admins only, like every admin route.
export function meta() {
  return [{ title: "Manage Users" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  throw data({ error: "Unknown action" }, { status: 400 });
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold tracking-tight">Manage Users</h1>;
}
