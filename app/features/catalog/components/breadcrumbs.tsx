import { PageLink } from "~/components/ui/page-link";

export function Breadcrumbs({ items }: { items: { name: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className="flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
            {index > 0 ? <span aria-hidden>/</span> : null}
            {item.href ? (
              <PageLink to={item.href} className="hover:underline">
                {item.name}
              </PageLink>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
