import { LinkTabs } from "~/components/admin/link-tabs";
import { DASHBOARD_TABS, type DashboardTab } from "../admin";

/** Overview and Debug Tools as links (`?tab=debug`), so reload, back and a shared link keep the tab. */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  return <LinkTabs label="Dashboard sections" tabs={DASHBOARD_TABS} current={current} href={(id) => (id === "overview" ? "?" : `?tab=${id}`)} />;
}
