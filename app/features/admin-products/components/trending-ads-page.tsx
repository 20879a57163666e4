import { PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { BulkTable, type TableProduct } from "./bulk-table";
import { NumberedPager } from "~/components/admin/pager";

export interface TrendingAdsData {
  ads: { rows: TableProduct[]; total: number; page: number; pageCount: number };
}

export function TrendingAdsPage({ data }: { data: TrendingAdsData }) {
  const { ads } = data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="text-2xl font-bold tracking-tight">Trending Ads</h1>
          <p className="text-sm text-muted-foreground">
            {ads.total.toLocaleString("en")} advertised {ads.total === 1 ? "product" : "products"}, newest first. The ad status follows the ad dates.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/submit">
            <PlusIcon aria-hidden />
            Add New Product
          </Link>
        </Button>
      </div>
      <BulkTable products={ads.rows} caption={`Advertised products, page ${ads.page} of ${ads.pageCount}`} mode="ads" />
      <NumberedPager page={ads.page} pageCount={ads.pageCount} href={(page) => (page > 1 ? `/admin/trending-ads?page=${page}` : "/admin/trending-ads")} />
    </div>
  );
}
