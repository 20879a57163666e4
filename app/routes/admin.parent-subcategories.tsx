import type { Route } from "./+types/admin.parent-subcategories";
import { ParentSubcategoriesPage } from "~/features/admin-taxonomy/components/parent-subcategories-page";
import { parentSubcategoriesAction, parentSubcategoriesLoader } from "~/features/admin-taxonomy/requests.server";

export function meta() {
  return [{ title: "Manage Parent Subcategories" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return parentSubcategoriesLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return parentSubcategoriesAction(request, context);
}

export default function ManageParentSubcategories({ loaderData }: Route.ComponentProps) {
  return <ParentSubcategoriesPage {...loaderData} />;
}
