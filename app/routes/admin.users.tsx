import type { Route } from "./+types/admin.users";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ManageUsersPage } from "~/features/admin-users/components/manage-users-page";
import { usersAction, usersLoader } from "~/features/admin-users/requests.server";

export const meta = adminMeta("Manage Users");

export const loader = adminLoader(usersLoader);

export const action = adminAction(usersAction);

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  return <ManageUsersPage data={loaderData} />;
}
