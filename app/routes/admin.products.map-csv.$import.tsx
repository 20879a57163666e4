import type { Route } from "./+types/admin.products.map-csv.$import";
import { ImportMapping } from "~/features/catalog-import/components/import-mapping";
import { mappingAction, mappingLoader } from "~/features/catalog-import/requests/mapping.server";

export function meta() {
  return [{ title: "Map CSV Products" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return mappingLoader(request, context, params.import);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return mappingAction(request, context, params.import);
}

export default function MapCsvPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportMapping data={loaderData} result={actionData ?? null} />;
}
