import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ActionErrorNote, useActionError } from "~/components/admin/action-error";
import { Badge } from "~/components/admin/cards";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable, SelectionCount, bulkBarClass, type Column } from "~/components/admin/data-table";
import { useRowSelection } from "~/components/admin/selection";
import { Button } from "~/components/ui/button";
import { BADGE_CLASSES, statusBadge } from "~/domain/admin-status-badge";
import { AD_STATUS_STYLE, adStatus } from "../admin-products";

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

function columnsFor(mode: "products" | "ads", now: Date): Column<TableProduct>[] {
  const product: Column<TableProduct> = {
    header: "Product",
    className: "max-w-[18rem]",
    cell: (p) => (
      <>
        <Link to={`/admin/products/edit/${p.id}`} className="font-medium break-words text-foreground hover:underline">
          {p.product_name}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">/{p.slug}</span>
      </>
    ),
  };
  const status: Column<TableProduct> = { header: "Status", cell: (p) => <Badge className={BADGE_CLASSES[statusBadge(p)]}>{statusBadge(p)}</Badge> };
  const added: Column<TableProduct> = {
    header: "Added",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (p) => <time dateTime={p.created_at}>{formatDay(p.created_at)}</time>,
  };
  const middle: Column<TableProduct>[] =
    mode === "ads"
      ? [
          {
            header: "Ad status",
            cell: (p) => {
              const ad = adStatus(p.ad_start_date, p.ad_end_date, now);
              return <Badge className={AD_STATUS_STYLE[ad]}>{ad}</Badge>;
            },
          },
          { header: "Ad dates", className: "whitespace-nowrap text-muted-foreground", cell: (p) => `${formatDay(p.ad_start_date)} – ${formatDay(p.ad_end_date)}` },
        ]
      : [
          { header: "Pricing", cell: (p) => PRICING_LABEL[p.pricing] ?? p.pricing },
          { header: "Niches", className: "max-w-[14rem] text-muted-foreground", cell: (p) => p.niches ?? "—" },
        ];
  return [product, status, ...middle, added];
}

/**
 * The products table with row selection (and select all on the page) and the bulk actions:
 * publish, draft, remap and delete (after a confirmation). One form posts the checked ids; the
 * action answers with a redirect back to this view and its toast.
 */
export function BulkTable({ products, caption, mode }: { products: TableProduct[]; caption: string; mode: "products" | "ads" }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selection = useRowSelection(products, { onReset: () => setConfirmOpen(false) });
  const busy = useNavigation().state === "submitting";
  const error = useActionError();
  const count = selection.count;
  return (
    <Form method="post" className="flex flex-col gap-3" preventScrollReset>
      <div role="toolbar" aria-label="Bulk actions" className={bulkBarClass}>
        <SelectionCount count={count} hint="Select products for bulk actions" />
        <div className="ml-auto flex flex-wrap gap-2">
          {(["publish", "draft", "remap"] as const).map((intent) => (
            <Button key={intent} type="submit" name="intent" value={intent} size="sm" variant="outline" disabled={!count || busy}>
              {intent[0]!.toUpperCase() + intent.slice(1)}
            </Button>
          ))}
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={
              <Button size="sm" variant="destructive" disabled={!count || busy}>
                Delete
              </Button>
            }
            title={`Delete ${count === 1 ? "1 product" : `${count} products`}?`}
            description="This permanently deletes the selected products with their niches, subcategories, makers, upvotes and reviews. It cannot be undone."
            confirm={{ label: "Delete permanently", busyLabel: "Deleting...", busy, name: "intent", value: "delete" }}
          />
        </div>
      </div>
      <ActionErrorNote error={error} />
      <DataTable
        rows={products}
        columns={columnsFor(mode, new Date())}
        caption={caption}
        minWidth="min-w-[44rem]"
        empty="No products match these filters."
        select={{ state: selection, label: (p) => p.product_name, allLabel: "Select all products on this page", name: "ids" }}
      />
    </Form>
  );
}
