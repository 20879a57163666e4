import type { Route } from "./+types/admin.imports.$import";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ImportProgress } from "~/features/catalog-import/components/import-progress";
import { progressAction, progressLoader } from "~/features/catalog-import/requests/progress.server";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Import of ${data.summary.fileName}` : "CSV Import" }, { name: "robots", content: "noindex" }];
}

export const loader = adminLoader(progressLoader, "import");

export const action = adminAction(progressAction, "import");

export default function ImportProgressPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportProgress data={loaderData} result={actionData ?? null} />;
}
