import { ChevronRight } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { PageLink } from "~/components/ui/page-link";
import { cn } from "~/components/ui/cn";
import { countRows, decodeTree, filterTree, openBranches, type SidebarNode } from "../sidebar-tree";

export interface SidebarData {
  niches: { name: string; slug: string; count: number }[];
  /**
   * The category tree (`encodeTree`): a niche's subcategories on its pages, every niche as a
   * group elsewhere.
   */
  tree: string;
  selectedNiche?: string;
  selectedSubcategory?: string;
  /** The AI tools page filters by niche instead of by subcategory. */
  variant?: "categories" | "niches";
  /** The tag pages of AI tags hide the niche selector. */
  hideNicheSelect?: boolean;
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
        {variant === "niches" ? (
          <ul className="flex flex-col gap-0.5 text-sm">
            <li>
              <FilterLink href="/ai-tools" active={!data.selectedNiche}>
                All AI Tools
              </FilterLink>
            </li>
            {data.niches.map((niche) => (
              <li key={niche.slug}>
                <FilterLink href={`/ai-tools?niche=${niche.slug}`} active={data.selectedNiche === niche.slug} count={niche.count}>
                  {niche.name}
                </FilterLink>
              </li>
            ))}
          </ul>
        ) : (
          <CategoryTree nodes={decodeTree(data.tree)} latestHref={latestHref} latestActive={!data.selectedSubcategory} idPrefix={idPrefix} />
        )}
      </nav>
    </div>
  );
}

/**
 * Latest Resources, then the tree: groups start closed (the current page's branch open), each
 * opened by its disclosure button; typing in the box shows the matching rows, opened.
 */
function CategoryTree({ nodes, latestHref, latestActive, idPrefix }: { nodes: SidebarNode[]; latestHref: string; latestActive: boolean; idPrefix: string }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(() => new Set(openBranches(nodes)));
  // A client-side move to another list page opens that page's branch too.
  useEffect(() => setOpen((was) => new Set([...was, ...openBranches(nodes)])), [nodes]);
  const filtering = query.trim() !== "";
  const shown = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const indent = shown.some((node) => node.children.length > 0);
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const found = filtering ? countRows(shown) : 0;
  return (
    <div className="flex flex-col gap-2">
      {nodes.length ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-find`} className="sr-only">
            Find a category
          </label>
          <input
            id={`${idPrefix}-find`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Find a category"
            autoComplete="off"
            maxLength={60}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground"
          />
          <p role="status" className="sr-only">
            {filtering ? `${found} ${found === 1 ? "category" : "categories"} found` : ""}
          </p>
        </div>
      ) : null}
      <ul className="flex flex-col gap-0.5 text-sm">
        <li>
          <FilterLink href={latestHref} active={latestActive}>
            Latest Resources
          </FilterLink>
        </li>
        {shown.map((node) => (
          <TreeRow key={node.key} node={node} open={open} forceOpen={filtering} onToggle={toggle} idPrefix={idPrefix} indent={indent} />
        ))}
        {nodes.length === 0 ? <li className="px-2 py-1 text-muted-foreground">No categories available</li> : null}
        {filtering && shown.length === 0 ? <li className="px-2 py-1 text-muted-foreground">No matching categories</li> : null}
      </ul>
    </div>
  );
}

function TreeRow({
  node,
  open,
  forceOpen,
  onToggle,
  idPrefix,
  indent,
}: {
  node: SidebarNode;
  open: Set<string>;
  forceOpen: boolean;
  onToggle: (key: string) => void;
  idPrefix: string;
  /** Some rows beside this one have a disclosure button: line the names up. */
  indent: boolean;
}) {
  const childIndent = node.children.some((child) => child.children.length > 0);
  const expanded = node.children.length > 0 && (forceOpen || open.has(node.key));
  const listId = `${idPrefix}-tree-${node.key}`;
  const toggle = node.children.length ? (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? listId : undefined}
      aria-label={node.href ? `${node.name} subcategories` : undefined}
      disabled={forceOpen}
      onClick={() => onToggle(node.key)}
      className={cn(
        "flex shrink-0 items-center gap-2 rounded-md px-1.5 py-1.5 text-left hover:bg-accent disabled:cursor-default disabled:hover:bg-transparent",
        !node.href && "flex-1 justify-between px-2",
      )}
    >
      <ChevronRight aria-hidden className={cn("size-4 transition-transform", expanded && "rotate-90")} />
      {node.href ? null : (
        <>
          <span className="flex-1">{node.name}</span>
          <span className="text-xs text-muted-foreground">{node.count}</span>
        </>
      )}
    </button>
  ) : null;
  return (
    <li>
      <div className="flex items-center gap-0.5">
        {toggle ?? (indent ? <span aria-hidden className="w-7 shrink-0" /> : null)}
        {node.href ? (
          <FilterLink href={node.href} active={!!node.current} count={node.count} className="flex-1">
            {node.name}
          </FilterLink>
        ) : null}
      </div>
      {expanded ? (
        <ul id={listId} className="ml-3 flex flex-col gap-0.5 border-l pl-2">
          {node.children.map((child) => (
            <TreeRow key={child.key} node={child} open={open} forceOpen={forceOpen} onToggle={onToggle} idPrefix={idPrefix} indent={childIndent} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function FilterLink({
  href,
  active,
  count,
  className,
  children,
}: {
  href: string;
  active: boolean;
  count?: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <PageLink
      to={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex min-w-0 items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-accent",
        active && "bg-secondary font-medium text-secondary-foreground",
        className,
      )}
    >
      <span className="min-w-0 break-words">{children}</span>
      {count !== undefined ? <span className="text-xs text-muted-foreground">{count}</span> : null}
    </PageLink>
  );
}
