import { FilterIcon, PlusIcon, RefreshCwIcon, SearchIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, type NavigateFunction } from "react-router";
import { StatCards } from "~/components/admin/cards";
import { NumberedPager } from "~/components/admin/pager";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { activeDialogFilters, parseFilters, viewHref, type ProductFilters } from "../admin-products";
import { BulkTable, type TableProduct } from "./bulk-table";
import { Field, OptionSelect } from "./option-select";

export interface ManageProductsData {
  filters: ProductFilters;
  list: {
    rows: TableProduct[];
    counts: { published: number; draft: number; pending: number; rejected: number; ads: number; total: number };
    exact: boolean;
    page: number;
    pageCount: number;
  };
  niches: { id: number; name: string }[];
  subcategories: { id: number; name: string }[];
}

/** The filter dialog's choices, in the order the spec lists them; the first is the default. */
const STATUS_OPTIONS = [
  { id: "all", name: "All" },
  { id: "published", name: "Published" },
  { id: "draft", name: "Draft" },
  { id: "pending", name: "Pending" },
  { id: "rejected", name: "Rejected" },
  { id: "ads", name: "Ads" },
];
const PRICING_OPTIONS = [
  { id: "all", name: "All" },
  { id: "free", name: "Free" },
  { id: "freemium", name: "Freemium" },
  { id: "premium", name: "Premium" },
  { id: "paid", name: "Paid" },
  { id: "subscription", name: "Subscription" },
];
const ADVERTISED_OPTIONS = [
  { id: "any", name: "Any" },
  { id: "yes", name: "Advertised" },
  { id: "no", name: "Not advertised" },
];
const COUPON_OPTIONS = [
  { id: "any", name: "Any" },
  { id: "yes", name: "Has a coupon" },
  { id: "no", name: "No coupon" },
];

/** Hidden copies of the view's values that a form does not show, so submitting it keeps them. */
function Keep({ filters, names }: { filters: ProductFilters; names: (keyof ProductFilters)[] }) {
  return (
    <>
      {names.map((name) => {
        const value = filters[name];
        if (value === null || value === "" || value === "all" || value === "any" || name === "page") return null;
        return <input key={name} type="hidden" name={name} value={String(value)} />;
      })}
    </>
  );
}

/** Goes to the view a GET form describes, with only the non-default values in the URL (page 1). */
function goToView(form: HTMLFormElement, pathname: string, navigate: NavigateFunction) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  params.delete("page");
  void navigate(viewHref(pathname, parseFilters(params)));
}

const DIALOG_FIELDS: (keyof ProductFilters)[] = ["status", "advertised", "coupon", "pricing", "from", "to", "subcategory"];

function FilterDialog({ data }: { data: ManageProductsData }) {
  const { filters, niches, subcategories } = data;
  const [open, setOpen] = useState(false);
  const active = activeDialogFilters(filters);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FilterIcon aria-hidden />
          Filters{active ? ` (${active})` : ""}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Filter products</DialogTitle>
          <DialogDescription>Narrow the list; the filters are kept in the address, so a shared link shows the same view.</DialogDescription>
        </DialogHeader>
        <Form
          method="get"
          action={pathname}
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            setOpen(false);
            goToView(event.currentTarget, pathname, navigate);
          }}
        >
          <Keep filters={filters} names={["q"]} />
          <Field id="filter-status" label="Status">
            {(id) => <OptionSelect id={id} name="status" defaultValue={filters.status} options={STATUS_OPTIONS} />}
          </Field>
          <Field id="filter-pricing" label="Pricing">
            {(id) => <OptionSelect id={id} name="pricing" defaultValue={filters.pricing} options={PRICING_OPTIONS} />}
          </Field>
          <Field id="filter-advertised" label="Advertised">
            {(id) => <OptionSelect id={id} name="advertised" defaultValue={filters.advertised} options={ADVERTISED_OPTIONS} />}
          </Field>
          <Field id="filter-coupon" label="Coupon">
            {(id) => <OptionSelect id={id} name="coupon" defaultValue={filters.coupon} options={COUPON_OPTIONS} />}
          </Field>
          <Field id="filter-from" label="Created from">
            {(id) => <Input id={id} name="from" type="date" defaultValue={filters.from} />}
          </Field>
          <Field id="filter-to" label="Created to">
            {(id) => <Input id={id} name="to" type="date" defaultValue={filters.to} />}
          </Field>
          <Field id="filter-niche" label="Niche">
            {(id) => <OptionSelect id={id} name="niche" defaultValue={filters.niche ?? ""} first="All niches" options={niches} />}
          </Field>
          <Field id="filter-subcategory" label="Subcategory">
            {(id) => <OptionSelect id={id} name="subcategory" defaultValue={filters.subcategory ?? ""} first="All subcategories" options={subcategories} />}
          </Field>
          <DialogFooter className="sm:col-span-2">
            <Button asChild variant="ghost">
              <Link to={viewHref(pathname, { ...filters, status: "all", advertised: "any", coupon: "any", pricing: "all", from: "", to: "", subcategory: null, page: 1 })} onClick={() => setOpen(false)}>
                Reset filters
              </Link>
            </Button>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Apply filters</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function StatusSummary({ list }: { list: ManageProductsData["list"] }) {
  const { counts, exact } = list;
  const show = (n: number) => `${exact ? "" : "≈ "}${n.toLocaleString("en")}`;
  const items = [
    { label: "Published", value: counts.published },
    { label: "Draft", value: counts.draft },
    { label: "Ads", value: counts.ads },
    { label: "Pending", value: counts.pending },
    { label: "Rejected", value: counts.rejected },
  ];
  return (
    <section aria-labelledby="summary-heading" className="flex flex-col gap-2">
      <h2 id="summary-heading" className="text-sm font-medium text-muted-foreground">
        {exact ? `${counts.total.toLocaleString("en")} ${counts.total === 1 ? "product" : "products"} match` : `About ${counts.total.toLocaleString("en")} products match (estimate)`}
      </h2>
      <StatCards items={items.map((item) => ({ label: item.label, value: show(item.value) }))} className="grid-cols-2 gap-2 sm:grid-cols-5" valueClassName="text-xl font-semibold" />
      {exact ? null : (
        <p className="text-xs text-muted-foreground">
          More than 1,000 products match a search, a date range or a niche and subcategory together: these counts are estimated from a sample. Narrow the filters for exact counts.
        </p>
      )}
    </section>
  );
}

export function ManageProductsPage({ data }: { data: ManageProductsData }) {
  const { filters, list, niches } = data;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const clearing = navigation.state === "submitting" && navigation.formData?.get("intent") === "clear-cache";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold tracking-tight">Manage Products</h1>
        <Form method="post" preventScrollReset>
          <Button type="submit" name="intent" value="clear-cache" variant="outline" disabled={clearing}>
            <RefreshCwIcon aria-hidden className={clearing ? "animate-spin" : undefined} />
            Clear Cache
          </Button>
        </Form>
        <Button asChild>
          <Link to="/admin/products/new">
            <PlusIcon aria-hidden />
            Add New Product
          </Link>
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Form
          method="get"
          action={pathname}
          role="search"
          aria-label="Products"
          className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            goToView(event.currentTarget, pathname, navigate);
          }}
        >
          <Keep filters={filters} names={DIALOG_FIELDS} />
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="products-q" className="text-sm font-medium">
              Search by name
            </label>
            <Input id="products-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder="Product name" key={filters.q} />
          </div>
          <div className="flex flex-col gap-1.5 sm:w-56">
            <label htmlFor="products-category" className="text-sm font-medium">
              Category
            </label>
            <OptionSelect
              id="products-category"
              name="niche"
              defaultValue={filters.niche ?? ""}
              key={filters.niche ?? ""}
              first="All categories"
              options={niches}
              onChange={(event) => {
                const form = event.currentTarget.form;
                // The subcategory belongs to the previous niche: it goes when the category changes.
                form?.querySelector<HTMLInputElement>("input[name=subcategory]")?.remove();
                if (form) goToView(form, pathname, navigate);
              }}
            />
          </div>
          <Button type="submit" variant="secondary">
            <SearchIcon aria-hidden />
            Search
          </Button>
        </Form>
        <FilterDialog data={data} />
      </div>

      <StatusSummary list={list} />

      <BulkTable products={list.rows} caption={`Products, page ${list.page} of ${list.pageCount}`} mode="products" />
      <NumberedPager page={list.page} pageCount={list.exact ? list.pageCount : Math.max(list.pageCount, list.page)} href={(page) => viewHref(pathname, { ...filters, page })} />
    </div>
  );
}
