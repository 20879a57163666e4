import { Link, useNavigate } from "react-router";
import { cn } from "~/components/ui/cn";

export interface SidebarData {
  niches: { name: string; slug: string; count: number }[];
  subcategories: { name: string; slug: string; count: number }[];
  selectedNiche?: string;
  selectedSubcategory?: string;
  /** The AI tools page filters by niche instead of by subcategory. */
  variant?: "categories" | "niches";
  /** The tag pages of AI tags hide the niche selector. */
  hideNicheSelect?: boolean;
}

function subcategoryHref(niche: string | undefined, subcategory: string) {
  return niche ? `/niche/${niche}/subcategory/${subcategory}` : `/parent-subcategory/${subcategory}`;
}

/** Select Category and Filter by Categories (or Filter by Niche), as the spec's sidebar. */
export function Sidebar({ data, idPrefix = "sidebar" }: { data: SidebarData; idPrefix?: string }) {
  const navigate = useNavigate();
  const variant = data.variant ?? "categories";
  const latestHref = data.selectedNiche ? `/niche/${data.selectedNiche}` : "/";
  return (
    <div className="flex flex-col gap-6">
      {variant === "categories" && !data.hideNicheSelect ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${idPrefix}-niche`} className="text-sm font-semibold">
            Select Category
          </label>
          <select
            id={`${idPrefix}-niche`}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            value={data.selectedNiche ?? ""}
            onChange={(event) => navigate(event.target.value ? `/niche/${event.target.value}` : "/")}
          >
            <option value="">All Resources</option>
            {data.niches.map((niche) => (
              <option key={niche.slug} value={niche.slug}>
                {niche.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <nav aria-label={variant === "niches" ? "Filter by Niche" : "Filter by Categories"}>
        <h2 className="mb-2 text-sm font-semibold">{variant === "niches" ? "Filter by Niche" : "Filter by Categories"}</h2>
        <ul className="flex flex-col gap-0.5 text-sm">
          <li>
            <FilterLink href={variant === "niches" ? "/ai-tools" : latestHref} active={variant === "niches" ? !data.selectedNiche : !data.selectedSubcategory}>
              {variant === "niches" ? "All AI Tools" : "Latest Resources"}
            </FilterLink>
          </li>
          {variant === "niches"
            ? data.niches.map((niche) => (
                <li key={niche.slug}>
                  <FilterLink href={`/ai-tools?niche=${niche.slug}`} active={data.selectedNiche === niche.slug} count={niche.count}>
                    {niche.name}
                  </FilterLink>
                </li>
              ))
            : data.subcategories.map((sub) => (
                <li key={sub.slug}>
                  <FilterLink href={subcategoryHref(data.selectedNiche, sub.slug)} active={data.selectedSubcategory === sub.slug} count={sub.count}>
                    {sub.name}
                  </FilterLink>
                </li>
              ))}
          {variant === "categories" && data.subcategories.length === 0 ? (
            <li className="px-2 py-1 text-muted-foreground">No categories available</li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}

function FilterLink({ href, active, count, children }: { href: string; active: boolean; count?: number; children: React.ReactNode }) {
  return (
    <Link
      to={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-accent",
        active && "bg-secondary font-medium text-secondary-foreground",
      )}
    >
      <span>{children}</span>
      {count !== undefined ? <span className="text-xs text-muted-foreground">{count}</span> : null}
    </Link>
  );
}
