import type { Route } from "./+types/admin.imports";
import { noindexMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ImportsList } from "~/features/catalog-import/components/imports-list";
import { importsListAction, importsListLoader } from "~/features/catalog-import/requests/progress.server";

export const meta = noindexMeta("Imports");

export const loader = adminLoader(importsListLoader);

export const action = adminAction(importsListAction);

export default function ImportsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportsList imports={loaderData.imports} result={actionData ?? null} />;
}
