import type { Route } from "./+types/admin.niches";
import { NichesPage } from "~/features/admin-taxonomy/components/niches-page";
import { nichesAction, nichesLoader } from "~/features/admin-taxonomy/requests.server";

export function meta() {
  return [{ title: "Manage Niches" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return nichesLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return nichesAction(request, context);
}

export default function ManageNiches({ loaderData }: Route.ComponentProps) {
  return <NichesPage {...loaderData} />;
}
