import { ArrowLeftIcon, ExternalLinkIcon, PlusIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-field";
import { ProductLogo } from "~/domain/components/product-logo";
import { TABS, promotionState, wizardUrl, type ActivityWindow, type MyProductCard, type MyProductsTab, type ProductActivity } from "../makers";
import { ProductActivityCharts } from "./product-activity-lazy";
import { formatAddedOn, productStatusBadge } from "~/domain/product-status";

const outlineLink =
  "inline-flex h-9 items-center gap-1 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

interface Props {
  tab: MyProductsTab;
  products: MyProductCard[];
  hasAny: boolean;
  /** The last 30 days of the listed products (not of suggestions). */
  activity: ActivityWindow;
  /** The action's answer to a refused delete. */
  error?: string;
}

/** My Products: the header, the tabs, and the user's cards (or the tab's empty message). */
export function MyProductsList({ tab, products, hasAny, activity, error }: Props) {
  useEffect(() => {
    if (error) notify.error(error);
  }, [error]);
  const empty = hasAny ? TABS.find((t) => t.id === tab)!.empty : "No Products Found";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <Link to="/profile" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeftIcon aria-hidden className="size-4" />
            Back to Profile
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">My Products</h1>
        </div>
        <Button asChild>
          <Link to="/my-products/new">
            <PlusIcon aria-hidden />
            List Your Product
          </Link>
        </Button>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <nav aria-label="Product lists" className="rounded-lg border bg-card p-1">
        <ul className="grid grid-cols-3 gap-1">
          {TABS.map((item) => (
            <li key={item.id}>
              <Link
                to={item.id === "all" ? "/my-products" : `/my-products?tab=${item.id}`}
                aria-current={item.id === tab ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "flex h-10 items-center justify-center rounded-md px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  item.id === tab ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {products.length ? (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} days={activity.days} activity={activity.products[product.id]} />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">{empty}</p>
      )}
    </div>
  );
}

function ProductCard({ product, days, activity }: { product: MyProductCard; days: string[]; activity: ProductActivity | undefined }) {
  const status = productStatusBadge(product.status);
  const suggestion = product.type === "suggestion";
  const headingId = `product-${product.id}-name`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex items-start gap-3">
        <ProductLogo name={product.product_name} src={product.logo_url} size={48} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="truncate text-base font-semibold">
              {product.product_name}
            </h2>
            <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", status.className)}>{status.label}</span>
            {suggestion ? <span className="rounded-full border px-2.5 py-0.5 text-xs font-medium">Suggestion</span> : null}
          </div>
          {product.website_url ? (
            <a href={product.website_url} target="_blank" rel="noopener noreferrer nofollow" className="relative truncate text-sm text-primary underline-offset-4 hover:underline">
              {product.website_url.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {suggestion && product.headline ? <p className="line-clamp-2 text-sm text-muted-foreground">{product.headline}</p> : null}
          <p className="text-sm text-muted-foreground">Added on {formatAddedOn(product.created_at)}</p>
          {product.status === "rejected" && product.review_note ? (
            <p className="text-sm break-words whitespace-pre-line text-red-900 dark:text-red-100">Reason: {product.review_note}</p>
          ) : null}
          {product.pending_changes ? <p className="text-sm font-medium text-yellow-900 dark:text-yellow-100">Changes pending review</p> : null}
          {product.promotion ? (
            <p className="text-sm text-muted-foreground">
              Promotion: <span className="font-medium text-foreground">{promotionState(product.promotion)}</span>,{" "}
              {formatAddedOn(product.promotion.start)} – {formatAddedOn(product.promotion.end)}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {suggestion ? null : (
          <Link to={`/my-products/edit/${product.id}`} className={outlineLink}>
            Edit<span className="sr-only"> {product.product_name}</span>
          </Link>
        )}
        {product.status === "live" && !suggestion ? (
          <a href={`/resources/${encodeURIComponent(product.slug)}`} target="_blank" rel="noopener noreferrer" className={outlineLink}>
            View<span className="sr-only"> {product.product_name} (opens in a new tab)</span>
            <ExternalLinkIcon aria-hidden className="size-4" />
          </a>
        ) : null}
        {product.status === "live" && !suggestion ? (
          <Link to="/advertise" className={outlineLink}>
            Advertise<span className="sr-only"> {product.product_name}</span>
          </Link>
        ) : null}
        {product.status === "draft" && !suggestion ? (
          <Link to={wizardUrl(product.id)} className={outlineLink}>
            Continue<span className="sr-only"> {product.product_name}</span>
          </Link>
        ) : null}
        {/* A maker by claim edits the listing; removing it stays its submitter's (decision 033). */}
        {product.is_submitter ? <DeleteProduct product={product} /> : null}
      </div>
      {activity ? <ProductActivityCharts name={product.product_name} days={days} activity={activity} /> : null}
    </li>
  );
}

function DeleteProduct({ product }: { product: MyProductCard }) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("id") === String(product.id);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          Delete<span className="sr-only"> {product.product_name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm Deletion</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {product.product_name}? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={product.id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? "Deleting..." : "Delete"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
