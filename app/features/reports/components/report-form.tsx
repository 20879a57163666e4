import { Form, useNavigation } from "react-router";
import { PageLink } from "~/components/ui/page-link";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { CatalogProductLogo } from "~/domain/components/product-monogram";
import { REPORT_REASONS } from "~/lib/constants";
import { useFormErrors } from "~/lib/use-form-errors";
import { NOTE_MAX, REASON_LABELS, reportSchema, type ReportErrors, type ReportPage, type ReportProduct } from "../reports";

/**
 * /report-product: what is wrong with a listing, and a note. A plain form: it works before the
 * scripts arrive and without them; the action sends the member back to the product with a thanks.
 */
export function ReportForm({ page, errors }: { page: ReportPage; errors?: ReportErrors }) {
  if (page.kind === "message") {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="mb-2 text-2xl font-bold">Report a listing</h1>
        <p role="alert">{page.message}</p>
      </div>
    );
  }
  return <ReportFields product={page.product} alreadyOpen={page.alreadyOpen} serverErrors={errors} />;
}

/** The form itself: checked in the browser with the action's schema (decision 031), and again by the action. */
function ReportFields({ product, alreadyOpen, serverErrors }: { product: ReportProduct; alreadyOpen: boolean; serverErrors?: ReportErrors }) {
  const navigation = useNavigation();
  const { errors, ...check } = useFormErrors<ReportErrors>(reportSchema, serverErrors);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <div className="flex items-center gap-3">
        <CatalogProductLogo name={product.product_name} src={product.logo_url} />
        <h1 className="text-2xl font-bold break-words">Report {product.product_name}</h1>
      </div>
      {alreadyOpen ? (
        <p role="status" className="rounded-md border bg-muted px-3 py-2">
          You have already reported this product. The administrators will e-mail you what they decide.{" "}
          <PageLink to={`/resources/${product.slug}`} className="underline">
            Back to {product.product_name}
          </PageLink>
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4" noValidate {...check}>
          <input type="hidden" name="product" value={product.slug} />
          {errors.form ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300">
              {errors.form}
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.reason ? "report-reason-error" : undefined}>
            <legend className="mb-1 font-medium">What is wrong with this listing?</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-6 items-center gap-2">
                <input type="radio" name="reason" value={reason} required />
                {REASON_LABELS[reason]}
              </label>
            ))}
            {errors.reason ? (
              <p id="report-reason-error" className="text-sm text-destructive dark:text-red-300">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <FormField
            id="report-note"
            name="note"
            label="Note"
            labelClassName="font-medium"
            hint="What the administrators should check (required for Other)."
            error={errors.note}
          >
            {(control) => <textarea {...control} rows={4} maxLength={NOTE_MAX} className="rounded-md border border-input bg-background px-3 py-2 text-sm" />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Sending..." : "Send report"}
            </Button>
            <Button asChild variant="outline">
              <PageLink to={`/resources/${product.slug}`}>Cancel</PageLink>
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
