import { useState } from "react";
import { FormField } from "~/components/ui/form-field";
import { DraftWithAi } from "~/domain/product-form/components/ai-draft-button";
import { NicheSubcategoryPicker } from "~/domain/product-form/components/niche-subcategory-picker";
import { TagsInput } from "~/domain/product-form/components/tags-input";
import { ADMIN_STATUSES, FORM_PRICINGS, VALIDATION_ERROR, validationList, type ProductFormErrors, type ProductFormValues } from "~/domain/product-form/fields";
import type { TaxonomyOptions } from "~/domain/product-form/taxonomy";

const field = "flex flex-col gap-2";
const control =
  "w-full rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";
const box = "size-4 shrink-0 accent-primary";

/** The spec's 'Validation Error' notice: every 'field: message' of the form. */
export function ValidationNotice({ errors }: { errors: ProductFormErrors }) {
  const lines = validationList(errors);
  if (!lines.length && !errors.form) return null;
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
      {lines.length ? (
        <>
          <p className="font-semibold">{VALIDATION_ERROR}</p>
          <ul className="list-disc space-y-1 pl-5">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {errors.form ? <p>{errors.form}</p> : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface Props {
  values: ProductFormValues;
  errors: ProductFormErrors;
  taxonomy: TaxonomyOptions;
  /** Distinguishes the controls' ids when two forms could share a page. */
  idPrefix?: string;
}

/**
 * The admin form's product sections: details, niches and subcategories, coupon, advertising.
 * Uncontrolled inputs named as the spec's fields; the schema (`adminProductSchema`) checks them.
 */
export function ProductDetailsFields({ values, errors, taxonomy, idPrefix = "product" }: Props) {
  const [hasCoupon, setHasCoupon] = useState(values.hasCoupon);
  const [advertised, setAdvertised] = useState(values.isAdvertised);
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div className="flex flex-col gap-6">
      <Section id={id("details-heading")} title="Product Details">
        <FormField id={id("name")} name="productName" label="Product Name*" className={field} defaultValue={values.productName} maxLength={100} autoComplete="off" error={errors.productName} />
        <FormField
          id={id("headline")}
          name="headline"
          label="Headline*"
          className={field}
          defaultValue={values.headline}
          maxLength={300}
          hint="A short pitch, ideally 50 to 100 characters."
          error={errors.headline}
        />
        <FormField id={id("tagline")} name="tagline" label="Tagline" className={field} defaultValue={values.tagline} maxLength={300} error={errors.tagline} />
        <FormField
          id={id("description")}
          name="description"
          label="Description*"
          className={field}
          hint="At least 50 characters (100 or more reads best). Simple HTML is allowed: paragraphs, bold, italics, lists and links."
          error={errors.description}
        >
          {(wiring) => <textarea {...wiring} rows={8} defaultValue={values.description} maxLength={20_000} className={`${control} py-2`} />}
        </FormField>
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <FormField
            id={id("website")}
            name="websiteUrl"
            label="Website URL*"
            className={field}
            defaultValue={values.websiteUrl}
            inputMode="url"
            placeholder="https://example.com"
            error={errors.websiteUrl}
          />
          <FormField id={id("logo")} name="logoUrl" label="Logo URL" className={field} defaultValue={values.logoUrl} inputMode="url" error={errors.logoUrl} />
          <FormField id={id("video")} name="videoUrl" label="Video URL" className={field} defaultValue={values.videoUrl} inputMode="url" error={errors.videoUrl} />
          <FormField id={id("pricing")} name="pricing" label="Pricing*" className={field} error={errors.pricing}>
            {(wiring) => (
              <select {...wiring} defaultValue={values.pricing} className={`${control} h-10`}>
                {FORM_PRICINGS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={id("status")} name="status" label="Status*" className={field} error={errors.status}>
            {(wiring) => (
              <select {...wiring} defaultValue={values.status} className={`${control} h-10`}>
                {ADMIN_STATUSES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <DraftWithAi tagsInputId={id("features")} />
        <TagsInput id={id("features")} name="features" label="Features (tags)" defaultValue={values.features} error={errors.features} />
      </Section>

      <Section id={id("taxonomy-heading")} title="Niches and Subcategories">
        <NicheSubcategoryPicker
          options={taxonomy}
          defaultValue={{ niches: values.selectedCategories, subcategories: values.selectedSubcategories }}
          nicheError={errors.selectedCategories}
          subcategoryError={errors.selectedSubcategories}
        />
      </Section>

      <Section id={id("coupon-heading")} title="Coupon">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="hasCoupon" className={box} checked={hasCoupon} onChange={(event) => setHasCoupon(event.currentTarget.checked)} />
          Offer a coupon
        </label>
        <div hidden={!hasCoupon} className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <FormField id={id("coupon-text")} name="couponText" label="Coupon Text*" className={field} defaultValue={values.couponText} maxLength={200} error={errors.couponText} />
          <FormField id={id("coupon-code")} name="couponCode" label="Coupon Code*" className={field} defaultValue={values.couponCode} maxLength={100} error={errors.couponCode} />
          <FormField id={id("coupon-url")} name="couponUrl" label="Coupon URL" className={field} defaultValue={values.couponUrl} inputMode="url" error={errors.couponUrl} />
          <FormField
            id={id("coupon-expiry")}
            name="couponExpiryDate"
            label="Coupon Expiry Date"
            type="date"
            className={field}
            defaultValue={values.couponExpiryDate}
            error={errors.couponExpiryDate}
          />
        </div>
      </Section>

      <Section id={id("ads-heading")} title="Advertising">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="isAdvertised" className={box} checked={advertised} onChange={(event) => setAdvertised(event.currentTarget.checked)} />
          Advertise this product (Trending Ads)
        </label>
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <FormField
            id={id("ad-start")}
            name="adStartDate"
            label="Ad Start Date"
            type="date"
            className={field}
            defaultValue={values.adStartDate}
            error={errors.adStartDate}
          />
          <FormField id={id("ad-end")} name="adEndDate" label="Ad End Date" type="date" className={field} defaultValue={values.adEndDate} error={errors.adEndDate} />
        </div>
        <p className="text-xs text-muted-foreground">Without both dates the ad's status is undefined; it is active between them.</p>
      </Section>
    </div>
  );
}
