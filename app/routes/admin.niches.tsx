import type { Route } from "./+types/admin.niches";
import { noindexMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { NichesPage } from "~/features/admin-taxonomy/components/niches-page";
import { nichesAction, nichesLoader } from "~/features/admin-taxonomy/requests.server";

export const meta = noindexMeta("Manage Niches");

export const loader = adminLoader(nichesLoader);

export const action = adminAction(nichesAction);

export default function ManageNiches({ loaderData }: Route.ComponentProps) {
  return <NichesPage {...loaderData} />;
}
