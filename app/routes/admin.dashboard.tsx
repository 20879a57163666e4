import type { Route } from "./+types/admin.dashboard";
import { NOINDEX, adminTitle } from "~/components/admin/meta";
import { dashboardTab } from "~/features/admin/admin";
import { dashboardPage } from "~/features/admin/queries.server";
import { DashboardErrorBoundary } from "~/features/admin/components/dashboard-error";
import { DashboardOverview } from "~/features/admin/components/dashboard-overview";
import { DashboardTabs } from "~/features/admin/components/dashboard-tabs";
import { DebugTools } from "~/features/admin/components/debug-tools";
import { requireAdmin } from "~/domain/auth/session.server";

export function meta(args: Route.MetaArgs) {
  const section = args.data?.tab === "debug" ? "Debug Tools | " : "";
  return [{ title: adminTitle(args, `${section}Dashboard`) }, NOINDEX];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return dashboardPage(dashboardTab(new URL(request.url).searchParams.get("tab")));
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <DashboardTabs current={loaderData.tab} />
      {loaderData.tab === "debug" ? <DebugTools {...loaderData.debug} /> : <DashboardOverview {...loaderData.overview} />}
    </div>
  );
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary />;
}
