import type { Route } from "./+types/admin.imports";
import { requireAdmin } from "~/domain/auth/session.server";

// Placeholder until the page is built (issue 13): admins only, like every admin route.
export function meta() {
  return [{ title: "Imports" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Placeholder() {
  return <h1 className="text-2xl font-bold tracking-tight">Imports</h1>;
}
