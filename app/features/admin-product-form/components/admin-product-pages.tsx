import { ArrowLeftIcon, ExternalLinkIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { LinkTabs } from "~/components/admin/link-tabs";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { MakerCommentField } from "~/domain/product-form/components/maker-comment-field";
import { MakersPicker } from "~/domain/product-form/components/makers-picker";
import { adminCreateSchema, adminProductSchema, makerCommentSchema, type ProductFormErrors } from "~/domain/product-form/fields";
import { useFormErrors } from "~/lib/use-form-errors";
import { CREATE_SECTIONS, CREATE_TABS, EDIT_TABS, type CreatePageData, type EditPageData, type FormRefusal } from "../admin-product-form";
import { useFormTabs, useSubmitOnce } from "./form-parts";
import { ProductDetailsFields, ValidationNotice } from "./product-details-fields";

/**
 * A press on a submit button keeps the focus in the field being typed in: leaving it would show
 * its message at once and move the button before the release, losing the click. The submit
 * checks every field anyway.
 */
function keepFocus(event: React.MouseEvent) {
  event.preventDefault();
}

function BackToProducts({ to = "/admin/products", label = "Back to Products" }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline">
      <ArrowLeftIcon aria-hidden className="size-4" />
      {label}
    </Link>
  );
}

/* ----------------------------------------------------------------- Create */

interface CreateProps {
  page: CreatePageData;
  refusal?: FormRefusal;
  /** The Bulk Upload (CSV) tab's content (issue 13), composed by the route. */
  bulkUpload: React.ReactNode;
}

/** /admin/products/new (tabs List Product, Bulk Upload (CSV)) and /admin/submit (the form with advertising on). */
export function AdminCreatePage({ page, refusal, bulkUpload }: CreateProps) {
  const submit = page.mode === "submit";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        {submit ? <BackToProducts to="/admin/trending-ads" label="Back to Trending Ads" /> : <BackToProducts />}
        <h1 className="text-2xl font-bold tracking-tight">{submit ? "Add New Product" : "Create Product"}</h1>
        <p className="text-sm text-muted-foreground">
          {submit ? "A new advertised product for Trending Ads." : "List one product, or upload many from a CSV file."} Fields marked * are required.
        </p>
      </div>
      {submit ? null : <LinkTabs label="Create product" tabs={CREATE_TABS} current={page.tab} href={(id) => (id === "csv" ? "?tab=csv" : "?")} />}
      {page.tab === "csv" ? bulkUpload : <CreateForm page={page} refusal={refusal} />}
    </div>
  );
}

function CreateForm({ page, refusal }: { page: CreatePageData; refusal?: FormRefusal }) {
  const { errors, ...check } = useFormErrors<ProductFormErrors>(adminCreateSchema, refusal?.errors);
  const [attempted, setAttempted] = useState(false);
  const once = useSubmitOnce();
  const tabs = useFormTabs(CREATE_SECTIONS, "create");
  const values = refusal?.values ?? page.values;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    check.onSubmit(event);
    if (event.defaultPrevented) {
      // The product's fields hold every message that can stop it here.
      tabs.setActive("info");
      return;
    }
    once.guard(event);
  }

  return (
    <Form method="post" noValidate className="flex flex-col gap-6" onChange={check.onChange} onBlur={check.onBlur} onSubmit={onSubmit}>
      <input type="hidden" name="submission" value={page.submission} />
      {attempted || refusal ? <ValidationNotice errors={errors} /> : null}
      {tabs.list("List Product")}
      <div {...tabs.panel("info")}>
        <ProductDetailsFields values={values} errors={errors} taxonomy={page.taxonomy} idPrefix="create" />
      </div>
      <div {...tabs.panel("makers")} className="rounded-lg border bg-card p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Makers</h2>
        <MakersPicker defaultValue={refusal?.makers ?? []} error={errors.makers} />
      </div>
      <div {...tabs.panel("comments")} className="rounded-lg border bg-card p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">Maker Comments</h2>
        <MakerCommentField defaultValue={refusal?.makerComment ?? ""} error={errors.makerComment} hint="Optional here: shown on the product page as the maker's comment." />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost">
          <Link to={page.mode === "submit" ? "/admin/trending-ads" : "/admin/products"}>Cancel</Link>
        </Button>
        <Button type="submit" onMouseDown={keepFocus} disabled={once.busy}>
          {once.busy ? "Creating..." : "Create Product"}
        </Button>
      </div>
    </Form>
  );
}

/* ------------------------------------------------------------------- Edit */

type LoadedEdit = Extract<EditPageData, { kind: "ok" }>;

/** /admin/products/edit/{id} and /admin/products/{id}: tabs Edit Product, Makers, Maker Comments. */
export function AdminEditPage({ page, refusal }: { page: LoadedEdit; refusal?: FormRefusal }) {
  const { product } = page;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToProducts />
        <h1 className="text-2xl font-bold tracking-tight">Edit Product</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{product.name}</span>
          {product.status === "live" ? (
            <Link to={`/resources/${product.slug}`} className="inline-flex items-center gap-1 hover:underline">
              View public page
              <ExternalLinkIcon aria-hidden className="size-3.5" />
            </Link>
          ) : null}
        </p>
      </div>
      <LinkTabs label="Edit product" tabs={EDIT_TABS} current={page.tab} href={(id) => (id === "edit" ? "?" : `?tab=${id}`)} />
      {page.tab === "makers" ? (
        <MakersForm page={page} refusal={refusal?.intent === "makers" ? refusal : undefined} />
      ) : page.tab === "comments" ? (
        <CommentForm page={page} refusal={refusal?.intent === "maker-comment" ? refusal : undefined} />
      ) : (
        <EditForm page={page} refusal={refusal?.intent === "update" || refusal?.intent === "delete" ? refusal : undefined} />
      )}
    </div>
  );
}

function EditForm({ page, refusal }: { page: LoadedEdit; refusal?: FormRefusal }) {
  const { errors, ...check } = useFormErrors<ProductFormErrors>(adminProductSchema, refusal?.intent === "update" ? refusal.errors : undefined);
  const [attempted, setAttempted] = useState(false);
  const once = useSubmitOnce("update");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    check.onSubmit(event);
    once.guard(event);
  }

  return (
    <div className="flex flex-col gap-6">
      <Form id="edit-product-form" method="post" noValidate className="flex flex-col gap-6" onChange={check.onChange} onBlur={check.onBlur} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="update" />
        {attempted || refusal ? <ValidationNotice errors={refusal?.intent === "delete" ? refusal.errors : errors} /> : null}
        <ProductDetailsFields values={refusal?.values ?? page.values} errors={errors} taxonomy={page.taxonomy} idPrefix="edit" />
      </Form>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <DeleteProduct name={page.product.name} />
        <Button type="submit" onMouseDown={keepFocus} form="edit-product-form" disabled={once.busy}>
          {once.busy ? "Saving..." : "Proceed"}
        </Button>
      </div>
    </div>
  );
}

function DeleteProduct({ name }: { name: string }) {
  const once = useSubmitOnce("delete");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm Deletion</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {name}? Its niches, subcategories, makers, upvotes, saves and reviews go with it. This action cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" onSubmit={once.guard}>
          <input type="hidden" name="intent" value="delete" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={once.busy}>
              {once.busy ? "Deleting..." : "Delete Product"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function MakersForm({ page, refusal }: { page: LoadedEdit; refusal?: FormRefusal }) {
  const once = useSubmitOnce("makers");
  return (
    <Form method="post" className="flex flex-col gap-6 rounded-lg border bg-card p-4 sm:p-6" onSubmit={once.guard}>
      <input type="hidden" name="intent" value="makers" />
      <h2 className="text-lg font-semibold">Product Makers</h2>
      {refusal?.errors.form ? <ValidationNotice errors={refusal.errors} /> : null}
      <MakersPicker defaultValue={refusal?.makers ?? page.makers} error={refusal?.errors.makers} />
      <div className="flex justify-end">
        <Button type="submit" disabled={once.busy}>
          {once.busy ? "Saving..." : "Save Makers"}
        </Button>
      </div>
    </Form>
  );
}

function CommentForm({ page, refusal }: { page: LoadedEdit; refusal?: FormRefusal }) {
  const { errors, ...check } = useFormErrors<ProductFormErrors>(makerCommentSchema, refusal?.errors);
  const once = useSubmitOnce("maker-comment");
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-6 rounded-lg border bg-card p-4 sm:p-6"
      onChange={check.onChange}
      onBlur={check.onBlur}
      onSubmit={(event) => {
        check.onSubmit(event);
        once.guard(event);
      }}
    >
      <input type="hidden" name="intent" value="maker-comment" />
      <h2 className="text-lg font-semibold">Maker Comments</h2>
      {errors.form ? <ValidationNotice errors={{ form: errors.form }} /> : null}
      <MakerCommentField defaultValue={refusal?.makerComment ?? page.product.makerComment} error={errors.makerComment} />
      <div className="flex justify-end">
        <Button type="submit" onMouseDown={keepFocus} disabled={once.busy}>
          {once.busy ? "Saving..." : "Save Comment"}
        </Button>
      </div>
    </Form>
  );
}
