import { useState } from "react";
import { Form } from "react-router";
import { DraftWithAi } from "~/domain/product-form/components/ai-draft-button";
import {
  CouponFields,
  DescriptionField,
  fieldsOf,
  HeadlineField,
  LogoUrlField,
  PricingField,
  ProductNameField,
  TaglineField,
  VideoUrlField,
  WebsiteField,
} from "~/domain/product-form/components/product-fields";
import { TagsInput } from "~/domain/product-form/components/tags-input";
import { productInfoSchema, type ProductFormErrors, type ProductFormValues } from "~/domain/product-form/fields";
import { StepActions, StepFrame, StepSubmit } from "./step-frame";
import { useStepForm } from "./use-step-form";
import { ValidationNotice } from "./validation-notice";

interface Props {
  values: ProductFormValues;
  errors?: ProductFormErrors;
  live: boolean;
}

/** Step 1, 'Complete Your Product Details': the spec's product form fields (section 3). */
export function ProductInfoStep({ values, errors: serverErrors, live }: Props) {
  const { errors, busy, attempted, formProps } = useStepForm(productInfoSchema, serverErrors, "product-info");
  const [hasCoupon, setHasCoupon] = useState(values.hasCoupon);
  const field = fieldsOf(values, errors, "alert");
  return (
    <StepFrame
      title="Complete Your Product Details"
      intro={live ? "This product is live: your changes are reviewed by our team before they replace the public listing." : "Fields marked * are required."}
    >
      <Form method="post" noValidate className="flex flex-col gap-5" {...formProps}>
        {attempted ? <ValidationNotice errors={errors} /> : null}
        <ProductNameField id="product-name" {...field("productName")} />
        <HeadlineField id="product-headline" hint="A short summary, ideally 50-100 characters." autoComplete="off" {...field("headline")} />
        <TaglineField id="product-tagline" autoComplete="off" {...field("tagline")} />
        <DescriptionField
          id="product-description"
          hint="At least 50 characters (100 or more reads best). Simple formatting is kept: paragraphs, bold, italics, lists and links."
          rows={7}
          {...field("description")}
        />
        <WebsiteField id="product-website" autoComplete="url" {...field("websiteUrl")} />
        <DraftWithAi tagsInputId="product-features" />
        <LogoUrlField id="product-logo" autoComplete="off" {...field("logoUrl")} />
        <VideoUrlField id="product-video" hint="A YouTube or Vimeo link shows as a video on your page." autoComplete="off" {...field("videoUrl")} />
        <PricingField id="product-pricing" {...field("pricing")} />
        <TagsInput id="product-features" label="Features (tags)" defaultValue={values.features} error={errors.features} />
        <fieldset className="flex flex-col gap-4 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">Coupon</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="hasCoupon" className="size-4 accent-primary" checked={hasCoupon} onChange={(event) => setHasCoupon(event.currentTarget.checked)} />
            Offer a coupon to our visitors
          </label>
          {hasCoupon ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <CouponFields idOf={(name) => name} values={values} errors={errors} errorRole="alert" textPlaceholder="20% off the first year" codeAutoComplete="off" />
            </div>
          ) : null}
        </fieldset>
        <StepActions>
          <span />
          <StepSubmit intent="product-info" busy={busy}>
            Next: Categories
          </StepSubmit>
        </StepActions>
      </Form>
    </StepFrame>
  );
}
