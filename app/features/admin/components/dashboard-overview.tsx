import { Link } from "react-router";
import { StatCards } from "~/components/admin/cards";
import { cn } from "~/components/ui/cn";
import type { DailyEngagement, WeeklyProducts } from "../admin";
import { BADGE_CLASSES, statusBadge } from "~/domain/admin-status-badge";
import { EngagementPerDayChart, ProductsPerWeekChart } from "./dashboard-charts";

interface RecentProduct {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  is_advertised: boolean;
  created_at: string;
}

interface Props {
  totalProducts: number;
  featuredProducts: number;
  categories: number;
  recent: RecentProduct[];
  weeks: WeeklyProducts[];
  engagement: DailyEngagement[];
}

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The Overview tab: the catalogue's cards, two charts from real data and the 10 newest products. */
export function DashboardOverview({ totalProducts, featuredProducts, categories, recent, weeks, engagement }: Props) {
  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-6">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <StatCards
        className="gap-4 sm:grid-cols-3"
        valueClassName="text-3xl font-bold"
        items={[
          { label: "Total Products", value: totalProducts.toLocaleString("en") },
          { label: "Featured Products", value: featuredProducts.toLocaleString("en") },
          { label: "Categories", value: categories.toLocaleString("en") },
        ]}
      />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <ProductsPerWeekChart weeks={weeks} />
        <EngagementPerDayChart days={engagement} />
      </div>
      <div className="rounded-lg border bg-card shadow-sm">
        <h3 id="recent-heading" className="border-b p-4 font-semibold">
          Recently Added Products
        </h3>
        {recent.length ? (
          <ul aria-labelledby="recent-heading" className="divide-y">
            {recent.map((product) => {
              const badge = statusBadge(product);
              return (
                <li key={product.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-4">
                  <div className="min-w-0 flex-1">
                    {product.status === "live" ? (
                      <Link to={`/resources/${product.slug}`} className="font-medium break-words hover:underline">
                        {product.product_name}
                      </Link>
                    ) : (
                      <span className="font-medium break-words">{product.product_name}</span>
                    )}
                    <p className="text-xs text-muted-foreground">
                      Added <time dateTime={product.created_at}>{dateFormat.format(new Date(product.created_at))}</time>
                    </p>
                  </div>
                  <span className={cn("rounded-full border px-2.5 py-0.5 text-xs font-semibold", BADGE_CLASSES[badge])}>{badge}</span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="p-4 text-sm text-muted-foreground">No products yet.</p>
        )}
      </div>
    </section>
  );
}
