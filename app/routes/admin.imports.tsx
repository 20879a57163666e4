import type { Route } from "./+types/admin.imports";
import { ImportsList } from "~/features/catalog-import/components/imports-list";
import { importsListLoader } from "~/features/catalog-import/import-pages.server";

export function meta() {
  return [{ title: "Imports" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return importsListLoader(request, context);
}

export default function ImportsPage({ loaderData }: Route.ComponentProps) {
  return <ImportsList imports={loaderData.imports} />;
}
