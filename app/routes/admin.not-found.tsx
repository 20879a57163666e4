import { data } from "react-router";
import { NotFoundState, PAGE_NOT_FOUND_MESSAGE } from "~/components/not-found-state";
import type { Route } from "./+types/admin.not-found";
import { noindexMeta } from "~/components/admin/meta";
import { requireAdmin } from "~/domain/auth/session.server";

export const meta = noindexMeta("Page Not Found");

/** Unknown admin paths: still admins only, then a 404 inside the admin layout. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundState title="Page Not Found" message={PAGE_NOT_FOUND_MESSAGE} className="min-h-[50vh]" />;
}
