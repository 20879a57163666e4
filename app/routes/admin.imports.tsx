import type { Route } from "./+types/admin.imports";
import { ImportsList } from "~/features/catalog-import/components/imports-list";
import { importsListAction, importsListLoader } from "~/features/catalog-import/requests/progress.server";

export function meta() {
  return [{ title: "Imports" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return importsListLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return importsListAction(request, context);
}

export default function ImportsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportsList imports={loaderData.imports} result={actionData ?? null} />;
}
