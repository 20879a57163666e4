import type { Route } from "./+types/admin.imports.$import";
import { ImportProgress } from "~/features/catalog-import/components/import-progress";
import { progressAction, progressLoader } from "~/features/catalog-import/requests/progress.server";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Import of ${data.summary.fileName}` : "CSV Import" }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return progressLoader(request, context, params.import);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return progressAction(request, context, params.import);
}

export default function ImportProgressPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportProgress data={loaderData} result={actionData ?? null} />;
}
