import type { Route } from "./+types/admin.parent-subcategories";
import { noindexMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ParentSubcategoriesPage } from "~/features/admin-taxonomy/components/parent-subcategories-page";
import { parentSubcategoriesAction, parentSubcategoriesLoader } from "~/features/admin-taxonomy/requests.server";

export const meta = noindexMeta("Manage Parent Subcategories");

export const loader = adminLoader(parentSubcategoriesLoader);

export const action = adminAction(parentSubcategoriesAction);

export default function ManageParentSubcategories({ loaderData }: Route.ComponentProps) {
  return <ParentSubcategoriesPage {...loaderData} />;
}
