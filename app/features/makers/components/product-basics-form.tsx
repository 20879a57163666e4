import { LoaderCircleIcon } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { ProductLogo } from "~/domain/components/product-logo";
import { DescriptionField, fieldsOf, HeadlineField, PricingField, ProductNameField, TaglineField, WebsiteField } from "~/domain/product-form/components/product-fields";
import { useFormErrors } from "~/lib/use-form-errors";
import { LOGO_WEBSITE_FIRST, productBasicsSchema, productEditSchema, type FetchLogoResult, type ProductBasicsErrors, type ProductBasicsValues } from "../makers";

const fieldClass = "flex flex-col gap-2";

interface Props {
  mode: "create" | "edit";
  values: ProductBasicsValues;
  errors?: ProductBasicsErrors;
  /** A live product's edit waits for review instead of changing the public page. */
  live?: boolean;
}

/**
 * Basic Information (create) or Edit Product: Product Name*, Website URL*, Logo URL with Fetch
 * Logo and a preview, Pricing*; Edit Product also the listing's Headline, Tagline and
 * Description. Fetch Logo asks the page's action (intent=fetch-logo) without leaving the page
 * and puts the stored logo's URL into the Logo URL field. Proceed to Details saves, then opens
 * the wizard's details (features, video, coupon, categories, maker comment, makers).
 */
export function ProductBasicsForm({ mode, values, errors: serverErrors, live = false }: Props) {
  const { errors, ...check } = useFormErrors<ProductBasicsErrors>(mode === "edit" ? productEditSchema : productBasicsSchema, serverErrors);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const [logoUrl, setLogoUrl] = useState(values.logoUrl);
  const logo = useFetchLogo(setLogoUrl);
  const title = mode === "create" ? "Basic Information" : "Edit Product";
  const field = fieldsOf(values, errors, "alert");

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">
          {live
            ? "This product is live: your changes are reviewed by our team before they replace the public listing."
            : "Fields marked * are required."}
        </p>
        {mode === "edit" ? (
          <p className="text-sm text-muted-foreground">
            Features, video, coupon, categories, maker comment and makers are in the details: Proceed to Details.
          </p>
        ) : null}
      </div>
      <Form method="post" className="flex flex-col gap-5" noValidate {...check}>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <ProductNameField id="product-name" {...field("productName")} />
        <WebsiteField id="product-website" autoComplete="url" {...field("websiteUrl")} />
        <FormField
          id="product-logo"
          name="logoUrl"
          label="Logo URL"
          className={fieldClass}
          hint="Leave it empty, paste an image address, or fetch the site's icon."
          error={errors.logoUrl ?? logo.error}
          errorRole="alert"
        >
          {(control) => (
            <div className="flex flex-wrap items-center gap-3">
              <ProductLogo key={logoUrl} name={values.productName || "?"} src={logoUrl || null} size={48} outside />
              <input
                {...control}
                type="text"
                inputMode="url"
                value={logoUrl}
                onChange={(event) => setLogoUrl(event.currentTarget.value)}
                className="flex h-10 min-w-40 flex-1 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
              />
              <Button type="button" variant="outline" onClick={logo.fetch} disabled={logo.busy}>
                {logo.busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
                {logo.busy ? "Fetching..." : "Fetch Logo"}
              </Button>
            </div>
          )}
        </FormField>
        <PricingField id="product-pricing" {...field("pricing")} defaultValue={values.pricing || "free"} />
        {mode === "edit" ? (
          <>
            <HeadlineField
              id="product-headline"
              label="Headline"
              hint="A short summary shown under the name on your product page, ideally 50-100 characters."
              autoComplete="off"
              {...field("headline")}
            />
            <TaglineField id="product-tagline" autoComplete="off" {...field("tagline")} />
            <DescriptionField
              id="product-description"
              label="Description"
              hint="At least 50 characters. Simple formatting is kept: paragraphs, bold, italics, lists and links."
              rows={7}
              {...field("description")}
            />
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {mode === "create" ? (
            <>
              <Button asChild variant="ghost">
                <Link to="/my-products">Cancel</Link>
              </Button>
              <Button type="submit" name="intent" value="draft" variant="outline" disabled={saving}>
                {saving && intent === "draft" ? "Saving..." : "Save as Draft"}
              </Button>
              <Button type="submit" name="intent" value="details" disabled={saving}>
                {saving && intent === "details" ? "Saving..." : "Proceed to Details"}
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/my-products">Back to My Products</Link>
              </Button>
              <Button type="submit" name="intent" value="update" disabled={saving}>
                {saving && intent !== "details" ? "Saving..." : "Update Product"}
              </Button>
              <Button type="submit" name="intent" value="details" variant="outline" disabled={saving}>
                {saving && intent === "details" ? "Saving..." : "Proceed to Details"}
              </Button>
            </>
          )}
        </div>
      </Form>
    </div>
  );
}

/** Fetch Logo through the page's action; success fills the Logo URL field and toasts, failure shows the message. */
function useFetchLogo(setLogoUrl: (url: string) => void) {
  const fetcher = useFetcher<{ logo: FetchLogoResult }>();
  const [error, setError] = useState<string | undefined>();
  const answer = fetcher.state === "idle" ? fetcher.data?.logo : undefined;

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setLogoUrl(answer.logoUrl);
      setError(undefined);
      notify.success(answer.message);
    } else {
      setError(answer.message);
    }
  }, [answer, setLogoUrl]);

  return {
    busy: fetcher.state !== "idle",
    error,
    fetch(event: MouseEvent<HTMLButtonElement>) {
      const website = event.currentTarget.form?.elements.namedItem("websiteUrl");
      const websiteUrl = website instanceof HTMLInputElement ? website.value.trim() : "";
      if (!websiteUrl) return setError(LOGO_WEBSITE_FIRST);
      setError(undefined);
      void fetcher.submit({ intent: "fetch-logo", websiteUrl }, { method: "post" });
    },
  };
}
