import type { ReactNode } from "react";
import { PageLink } from "~/components/ui/page-link";
import { TableScroller } from "~/components/ui/table-scroller";
import { TagLink } from "~/components/tag-link";
import { pricingLabel } from "~/domain/components/pricing-badge";
import { CatalogProductLogo } from "~/domain/components/product-monogram";
import type { ComparedProduct } from "../compare";

interface Row {
  label: string;
  cell: (product: ComparedProduct) => ReactNode;
}

const dash = <span className="text-muted-foreground">Not stated</span>;
const list = (items: string[]) => (items.length ? items.join(", ") : dash);

const ROWS: Row[] = [
  { label: "Pricing", cell: (p) => pricingLabel(p.pricing) },
  {
    label: "Rating",
    cell: (p) => (p.rating === null ? <span className="text-muted-foreground">No reviews yet</span> : `${p.rating.toFixed(1)} of 5`),
  },
  { label: "Reviews", cell: (p) => p.reviews.toLocaleString("en-US") },
  { label: "Upvotes", cell: (p) => p.upvotes.toLocaleString("en-US") },
  { label: "Niches", cell: (p) => list(p.niches) },
  { label: "Subcategories", cell: (p) => list(p.subcategories) },
  {
    label: "Tags",
    cell: (p) =>
      p.tags.length ? (
        <span className="flex flex-wrap gap-1">
          {p.tags.map((tag) => (
            <TagLink key={tag} tag={tag} />
          ))}
        </span>
      ) : (
        dash
      ),
  },
];

/**
 * Two or three products side by side. On a narrow screen the table scrolls sideways and the
 * first column (what each row is) stays put, so a row's meaning is never off screen.
 */
export function CompareTable({ products, website }: { products: ComparedProduct[]; website: (product: ComparedProduct) => string | null }) {
  return (
    <TableScroller label="Comparison table" className="rounded-xl border">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{products.map((p) => p.product_name).join(" compared with ")}</caption>
        <thead>
          <tr>
            <td className="sticky left-0 w-32 bg-card" />
            {products.map((product) => (
              <th key={product.id} scope="col" className="p-3 text-left align-top font-semibold">
                <span className="flex items-center gap-2">
                  <CatalogProductLogo name={product.product_name} src={product.logo_url} />
                  <PageLink to={`/resources/${product.slug}`} className="[overflow-wrap:anywhere] hover:underline">
                    {product.product_name}
                  </PageLink>
                </span>
                {product.tagline ? <span className="mt-1 block font-normal text-muted-foreground">{product.tagline}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label} className="border-t">
              <th scope="row" className="sticky left-0 bg-card p-3 text-left align-top font-medium">
                {row.label}
              </th>
              {products.map((product) => (
                <td key={product.id} className="p-3 align-top [overflow-wrap:anywhere]">
                  {row.cell(product)}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t">
            <th scope="row" className="sticky left-0 bg-card p-3 text-left align-top font-medium">
              Website
            </th>
            {products.map((product) => {
              const href = website(product);
              return (
                <td key={product.id} className="p-3 align-top">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener" className="font-medium underline-offset-2 hover:underline">
                      Visit {product.product_name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    dash
                  )}
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
    </TableScroller>
  );
}
