import type { Route } from "./+types/admin.users";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { ManageUsersPage } from "~/features/admin-users/components/manage-users-page";
import { usersAction, usersLoader } from "~/features/admin-users/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Manage Users | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return usersLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return usersAction(request, context);
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  return <ManageUsersPage data={loaderData} />;
}
