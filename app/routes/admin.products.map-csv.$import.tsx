import type { Route } from "./+types/admin.products.map-csv.$import";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ImportMapping } from "~/features/catalog-import/components/import-mapping";
import { mappingAction, mappingLoader } from "~/features/catalog-import/import-mapping-page.server";

export function meta() {
  return [{ title: "Map CSV Products" }, { name: "robots", content: "noindex" }];
}

export const loader = adminLoader(mappingLoader, "import");

export const action = adminAction(mappingAction, "import");

export default function MapCsvPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportMapping data={loaderData} result={actionData ?? null} />;
}
