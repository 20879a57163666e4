import { useState } from "react";
import { FormField } from "~/components/ui/form-field";
import { DraftWithAi } from "~/domain/product-form/components/ai-draft-button";
import { NicheSubcategoryPicker } from "~/domain/product-form/components/niche-subcategory-picker";
import {
  CouponFields,
  DescriptionField,
  fieldsOf,
  HeadlineField,
  LogoUrlField,
  PricingField,
  ProductNameField,
  StatusField,
  TaglineField,
  VideoUrlField,
  WebsiteField,
} from "~/domain/product-form/components/product-fields";
import { TagsInput } from "~/domain/product-form/components/tags-input";
import { VALIDATION_ERROR, validationList, type ProductFormErrors, type ProductFormValues } from "~/domain/product-form/fields";
import type { TaxonomyOptions } from "~/domain/product-form/taxonomy";

const fieldClass = "flex flex-col gap-2";
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
  const field = fieldsOf(values, errors);

  return (
    <div className="flex flex-col gap-6">
      <Section id={id("details-heading")} title="Product Details">
        <ProductNameField id={id("name")} {...field("productName")} />
        <HeadlineField id={id("headline")} hint="A short pitch, ideally 50 to 100 characters." {...field("headline")} />
        <TaglineField id={id("tagline")} {...field("tagline")} />
        <DescriptionField
          id={id("description")}
          hint="At least 50 characters (100 or more reads best). Simple HTML is allowed: paragraphs, bold, italics, lists and links."
          rows={8}
          {...field("description")}
        />
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <WebsiteField id={id("website")} {...field("websiteUrl")} />
          <LogoUrlField id={id("logo")} {...field("logoUrl")} />
          <VideoUrlField id={id("video")} {...field("videoUrl")} />
          <PricingField id={id("pricing")} {...field("pricing")} />
          <StatusField id={id("status")} {...field("status")} />
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
          <CouponFields idOf={id} values={values} errors={errors} />
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
            className={fieldClass}
            defaultValue={values.adStartDate}
            error={errors.adStartDate}
          />
          <FormField id={id("ad-end")} name="adEndDate" label="Ad End Date" type="date" className={fieldClass} defaultValue={values.adEndDate} error={errors.adEndDate} />
        </div>
        <p className="text-xs text-muted-foreground">Without both dates the ad's status is undefined; it is active between them.</p>
      </Section>
    </div>
  );
}
