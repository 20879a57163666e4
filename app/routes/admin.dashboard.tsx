import { Link } from "react-router";
import type { Route } from "./+types/admin.dashboard";
import { dashboardOverview } from "~/features/admin/dashboard.server";
import { BADGE_CLASSES, statusBadge } from "~/features/admin/status";
import { cn } from "~/components/ui/cn";
import { requireAdmin } from "~/domain/auth/session.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Dashboard | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return dashboardOverview();
}

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: "Total Products", value: loaderData.totalProducts },
    { label: "Featured Products", value: loaderData.featuredProducts },
    { label: "Categories", value: loaderData.categories },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <section aria-labelledby="overview-heading" className="flex flex-col gap-6">
        <h2 id="overview-heading" className="text-lg font-semibold">
          Overview
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {cards.map((card) => (
            <div key={card.label} className="rounded-lg border bg-card p-4 shadow-sm">
              <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums">{card.value.toLocaleString("en")}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-lg border bg-card shadow-sm">
          <h3 id="recent-heading" className="border-b p-4 font-semibold">
            Recently Added Products
          </h3>
          {loaderData.recent.length ? (
            <ul aria-labelledby="recent-heading" className="divide-y">
              {loaderData.recent.map((product) => {
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
    </div>
  );
}
