/** The admin dashboard's tabs and the client-safe shapes of its charts. */
export const DASHBOARD_TABS = [
  { id: "overview", label: "Overview" },
  { id: "debug", label: "Debug Tools" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** The tab named by `?tab=`; anything else is the Overview. */
export function dashboardTab(value: string | null): DashboardTab {
  return value === "debug" ? "debug" : "overview";
}

export const PRODUCT_WEEKS = 12;
export const ENGAGEMENT_DAYS = 30;

export interface WeeklyProducts {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: string;
  products: number;
}

export interface DailyEngagement {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  clicks: number;
  upvotes: number;
  saves: number;
  reviews: number;
}

export const ENGAGEMENT_METRICS = [
  { key: "views", label: "Views" },
  { key: "clicks", label: "Click-outs" },
  { key: "upvotes", label: "Upvotes" },
  { key: "saves", label: "Saves" },
  { key: "reviews", label: "Reviews" },
] as const satisfies ReadonlyArray<{ key: keyof Omit<DailyEngagement, "day">; label: string }>;

/** One row of the Debug Tools error log as the page gets it. */
export interface ErrorLogItem {
  id: string;
  method: string;
  path: string;
  status: number;
  message: string;
  /** ISO 8601. */
  created_at: string;
}
