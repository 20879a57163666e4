import type { ListCard, ListCardPage } from "~/domain/product-card";
import { Breadcrumbs } from "./breadcrumbs";
import { CatalogLayout } from "./catalog-layout";
import { Hero } from "./hero";
import { ProductList, type CardActions } from "./product-list";
import type { SidebarData } from "./sidebar";
import { Spotlight, TrendingPanel } from "./spotlight";

/** The shared body of niche, subcategory, parent-subcategory, AI tools and tag pages. */
export function ListPageView(props: {
  title: string;
  subtitle: string;
  breadcrumbs: { name: string; href?: string }[];
  sidebar: SidebarData;
  spotlight: ListCard[];
  trending: ListCard[];
  page: ListCardPage;
  query: Record<string, string>;
  newsletterUrl: string | null;
  cardActions?: CardActions;
}) {
  return (
    <CatalogLayout sidebar={props.sidebar} aside={<Spotlight products={props.spotlight} />}>
      <Breadcrumbs items={props.breadcrumbs} />
      <Hero title={props.title} subtitle={props.subtitle} newsletterUrl={props.newsletterUrl} />
      <div className="mb-4">
        <TrendingPanel products={props.trending} />
      </div>
      <ProductList initial={props.page} query={props.query} cardActions={props.cardActions} />
    </CatalogLayout>
  );
}
