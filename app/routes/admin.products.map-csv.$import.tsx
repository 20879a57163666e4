import type { Route } from "./+types/admin.products.map-csv.$import";
import { noindexMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ImportMapping } from "~/features/catalog-import/components/import-mapping";
import { mappingAction, mappingLoader } from "~/features/catalog-import/requests/mapping.server";

export const meta = noindexMeta("Map CSV Products");

export const loader = adminLoader(mappingLoader, "import");

export const action = adminAction(mappingAction, "import");

export default function MapCsvPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportMapping data={loaderData} result={actionData ?? null} />;
}
