import type { Route } from "./+types/admin.niches";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { NichesPage } from "~/features/admin-taxonomy/components/niches-page";
import { nichesAction, nichesLoader } from "~/features/admin-taxonomy/requests.server";

export function meta() {
  return [{ title: "Manage Niches" }, { name: "robots", content: "noindex" }];
}

export const loader = adminLoader(nichesLoader);

export const action = adminAction(nichesAction);

export default function ManageNiches({ loaderData }: Route.ComponentProps) {
  return <NichesPage {...loaderData} />;
}
