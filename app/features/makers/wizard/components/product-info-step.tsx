import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { DraftWithAi } from "~/domain/product-form/components/ai-draft-button";
import { TagsInput } from "~/domain/product-form/components/tags-input";
import { FORM_PRICINGS, productInfoSchema, type ProductFormErrors, type ProductFormValues } from "~/domain/product-form/fields";
import { StepActions, StepFrame } from "./step-frame";
import { useStepForm } from "./use-step-form";
import { ValidationNotice } from "./validation-notice";

const field = "flex flex-col gap-2";
const control =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

interface Props {
  values: ProductFormValues;
  errors?: ProductFormErrors;
  live: boolean;
}

/** Step 1, 'Complete Your Product Details': the spec's product form fields (section 3). */
export function ProductInfoStep({ values, errors: serverErrors, live }: Props) {
  const { errors, busy, attempted, formProps } = useStepForm(productInfoSchema, serverErrors, "product-info");
  const [hasCoupon, setHasCoupon] = useState(values.hasCoupon);
  return (
    <StepFrame
      title="Complete Your Product Details"
      intro={live ? "This product is live: your changes are reviewed by our team before they replace the public listing." : "Fields marked * are required."}
    >
      <Form method="post" noValidate className="flex flex-col gap-5" {...formProps}>
        {attempted ? <ValidationNotice errors={errors} /> : null}
        <FormField id="product-name" name="productName" label="Product Name*" className={field} defaultValue={values.productName} maxLength={100} autoComplete="off" error={errors.productName} errorRole="alert" />
        <FormField
          id="product-headline"
          name="headline"
          label="Headline*"
          hint="A short summary, ideally 50-100 characters."
          className={field}
          defaultValue={values.headline}
          maxLength={300}
          autoComplete="off"
          error={errors.headline}
          errorRole="alert"
        />
        <FormField id="product-tagline" name="tagline" label="Tagline" className={field} defaultValue={values.tagline} maxLength={300} autoComplete="off" error={errors.tagline} errorRole="alert" />
        <FormField
          id="product-description"
          name="description"
          label="Description*"
          hint="At least 50 characters (100 or more reads best). Simple formatting is kept: paragraphs, bold, italics, lists and links."
          className={field}
          error={errors.description}
          errorRole="alert"
        >
          {(wiring) => <textarea {...wiring} rows={7} defaultValue={values.description} maxLength={20_000} className={control} />}
        </FormField>
        <FormField id="product-website" name="websiteUrl" label="Website URL*" className={field} defaultValue={values.websiteUrl} inputMode="url" placeholder="https://example.com" autoComplete="url" error={errors.websiteUrl} errorRole="alert" />
        <DraftWithAi tagsInputId="product-features" />
        <FormField id="product-logo" name="logoUrl" label="Logo URL" className={field} defaultValue={values.logoUrl} inputMode="url" autoComplete="off" error={errors.logoUrl} errorRole="alert" />
        <FormField id="product-video" name="videoUrl" label="Video URL" hint="A YouTube or Vimeo link shows as a video on your page." className={field} defaultValue={values.videoUrl} inputMode="url" autoComplete="off" error={errors.videoUrl} errorRole="alert" />
        <FormField id="product-pricing" name="pricing" label="Pricing*" className={field} error={errors.pricing} errorRole="alert">
          {(wiring) => (
            <select {...wiring} defaultValue={values.pricing} className={`${control} h-10 py-0`}>
              {FORM_PRICINGS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TagsInput id="product-features" label="Features (tags)" defaultValue={values.features} error={errors.features} />
        <fieldset className="flex flex-col gap-4 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">Coupon</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="hasCoupon" className="size-4 accent-primary" checked={hasCoupon} onChange={(event) => setHasCoupon(event.currentTarget.checked)} />
            Offer a coupon to our visitors
          </label>
          {hasCoupon ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="coupon-text" name="couponText" label="Coupon Text*" placeholder="20% off the first year" className={field} defaultValue={values.couponText} maxLength={200} error={errors.couponText} errorRole="alert" />
              <FormField id="coupon-code" name="couponCode" label="Coupon Code*" className={field} defaultValue={values.couponCode} maxLength={100} autoComplete="off" error={errors.couponCode} errorRole="alert" />
              <FormField id="coupon-url" name="couponUrl" label="Coupon URL" className={field} defaultValue={values.couponUrl} inputMode="url" error={errors.couponUrl} errorRole="alert" />
              <FormField id="coupon-expiry" name="couponExpiryDate" label="Coupon Expiry Date" type="date" className={field} defaultValue={values.couponExpiryDate} error={errors.couponExpiryDate} errorRole="alert" />
            </div>
          ) : null}
        </fieldset>
        <StepActions>
          <span />
          <Button type="submit" name="intent" value="product-info" disabled={busy}>
            {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
            {busy ? "Saving..." : "Next: Categories"}
          </Button>
        </StepActions>
      </Form>
    </StepFrame>
  );
}
