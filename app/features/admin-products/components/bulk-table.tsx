import { useEffect, useMemo, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { TableScroller } from "~/components/ui/table-scroller";
import { AD_STATUS_STYLE, BADGE_STYLE, adStatus, productBadge } from "../filters";

export interface TableProduct {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  pricing: string;
  is_advertised: boolean;
  created_at: string;
  ad_start_date: string | null;
  ad_end_date: string | null;
  niches: string | null;
}

const dayFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const formatDay = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : "—");

const PRICING_LABEL: Record<string, string> = { free: "Free", freemium: "Freemium", premium: "Premium", paid: "Paid", subscription: "Subscription" };

export function Badge({ className, children }: { className: string; children: string }) {
  return <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", className)}>{children}</span>;
}

/** The refusal an action answered (400/404), as a toast and as text beside the table. */
function useActionError(): string | null {
  const answer = useActionData() as { error?: string } | undefined;
  const error = answer?.error ?? null;
  useEffect(() => {
    if (error) notify.error(error);
  }, [answer, error]);
  return error;
}

/**
 * The products table with row selection (and select all on the page) and the bulk actions:
 * publish, draft, remap and delete (after a confirmation). One form posts the checked ids; the
 * action answers with a redirect back to this view and its toast.
 */
export function BulkTable({ products, caption, mode }: { products: TableProduct[]; caption: string; mode: "products" | "ads" }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = useActionError();
  const pageIds = useMemo(() => products.map((p) => p.id), [products]);

  // Fresh rows (another page, or this one reloaded after an action) start with nothing selected.
  useEffect(() => {
    setSelected(new Set());
    setConfirmOpen(false);
  }, [products]);

  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = !allSelected && pageIds.some((id) => selected.has(id));
  const count = selected.size;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const now = new Date();
  return (
    <Form method="post" className="flex flex-col gap-3" preventScrollReset>
      <div role="toolbar" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2">
        <p className="px-2 text-sm text-muted-foreground" aria-live="polite">
          {count ? `${count} selected` : "Select products for bulk actions"}
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="publish" size="sm" variant="outline" disabled={!count || busy}>
            Publish
          </Button>
          <Button type="submit" name="intent" value="draft" size="sm" variant="outline" disabled={!count || busy}>
            Draft
          </Button>
          <Button type="submit" name="intent" value="remap" size="sm" variant="outline" disabled={!count || busy}>
            Remap
          </Button>
          <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
            <DialogTrigger asChild>
              <Button size="sm" variant="destructive" disabled={!count || busy}>
                Delete
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Delete {count === 1 ? "1 product" : `${count} products`}?</DialogTitle>
                <DialogDescription>
                  This permanently deletes the selected products with their niches, subcategories, makers, upvotes and reviews. It cannot be undone.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
                  {busy ? "Deleting..." : "Delete permanently"}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </div>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
      <TableScroller label={caption} className="rounded-lg border bg-card">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="w-10 p-3">
                <input
                  type="checkbox"
                  aria-label="Select all products on this page"
                  className="size-4 accent-primary"
                  checked={allSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = someSelected;
                  }}
                  disabled={!pageIds.length}
                  onChange={(event) => setSelected(event.target.checked ? new Set(pageIds) : new Set())}
                />
              </th>
              <th scope="col" className="p-3 font-medium">
                Product
              </th>
              <th scope="col" className="p-3 font-medium">
                Status
              </th>
              {mode === "ads" ? (
                <>
                  <th scope="col" className="p-3 font-medium">
                    Ad status
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Ad dates
                  </th>
                </>
              ) : (
                <>
                  <th scope="col" className="p-3 font-medium">
                    Pricing
                  </th>
                  <th scope="col" className="p-3 font-medium">
                    Niches
                  </th>
                </>
              )}
              <th scope="col" className="p-3 font-medium">
                Added
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {products.map((product) => {
              const badge = productBadge(product);
              const ad = adStatus(product.ad_start_date, product.ad_end_date, now);
              return (
                <tr key={product.id} className={cn(selected.has(product.id) && "bg-accent/50")}>
                  <td className="p-3">
                    <input
                      type="checkbox"
                      name="ids"
                      value={product.id}
                      aria-label={`Select ${product.product_name}`}
                      className="size-4 accent-primary"
                      checked={selected.has(product.id)}
                      onChange={(event) => toggle(product.id, event.target.checked)}
                    />
                  </td>
                  <td className="max-w-[18rem] p-3">
                    <Link to={`/admin/products/edit/${product.id}`} className="font-medium break-words text-foreground hover:underline">
                      {product.product_name}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground">/{product.slug}</span>
                  </td>
                  <td className="p-3">
                    <Badge className={BADGE_STYLE[badge]}>{badge}</Badge>
                  </td>
                  {mode === "ads" ? (
                    <>
                      <td className="p-3">
                        <Badge className={AD_STATUS_STYLE[ad]}>{ad}</Badge>
                      </td>
                      <td className="p-3 whitespace-nowrap text-muted-foreground">
                        {formatDay(product.ad_start_date)} – {formatDay(product.ad_end_date)}
                      </td>
                    </>
                  ) : (
                    <>
                      <td className="p-3">{PRICING_LABEL[product.pricing] ?? product.pricing}</td>
                      <td className="max-w-[14rem] p-3 text-muted-foreground">{product.niches ?? "—"}</td>
                    </>
                  )}
                  <td className="p-3 whitespace-nowrap text-muted-foreground">
                    <time dateTime={product.created_at}>{formatDay(product.created_at)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {products.length === 0 ? <p className="p-6 text-center text-muted-foreground">No products match these filters.</p> : null}
      </TableScroller>
    </Form>
  );
}
