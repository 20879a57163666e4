/**
 * The product form's fields, drawn once for the three screens that ask for them: the maker's
 * Basic Information / Edit Product form, the wizard's Product Info step and the admin product
 * form. Each field knows its name, limits and control; a screen gives its id, value, message and
 * its own wording (label, hint), and whether a message is announced as it appears (`errorRole`:
 * the maker screens) or only listed in the form's notice (the admin form).
 */
import { FormField } from "~/components/ui/form-field";
import { ADMIN_STATUSES, FORM_PRICINGS, type ProductFormErrors, type ProductFormValues } from "../fields";

const fieldClass = "flex flex-col gap-2";
const controlClass =
  "w-full rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

export interface ProductFieldProps {
  id: string;
  defaultValue: string;
  error?: string;
  errorRole?: "alert";
  label?: string;
  hint?: string;
  autoComplete?: string;
}

function TextField({ name, label, maxLength, inputMode, placeholder, ...field }: ProductFieldProps & { name: string; label: string; maxLength?: number; inputMode?: "url"; placeholder?: string }) {
  return <FormField {...field} name={name} label={label} className={fieldClass} maxLength={maxLength} inputMode={inputMode} placeholder={placeholder} />;
}

export function ProductNameField({ label = "Product Name*", ...field }: ProductFieldProps) {
  return <TextField {...field} name="productName" label={label} maxLength={100} autoComplete="off" />;
}

export function HeadlineField({ label = "Headline*", ...field }: ProductFieldProps) {
  return <TextField {...field} name="headline" label={label} maxLength={300} />;
}

export function TaglineField({ label = "Tagline", ...field }: ProductFieldProps) {
  return <TextField {...field} name="tagline" label={label} maxLength={300} />;
}

export function WebsiteField({ label = "Website URL*", ...field }: ProductFieldProps) {
  return <TextField {...field} name="websiteUrl" label={label} inputMode="url" placeholder="https://example.com" />;
}

export function LogoUrlField({ label = "Logo URL", ...field }: ProductFieldProps) {
  return <TextField {...field} name="logoUrl" label={label} inputMode="url" />;
}

export function VideoUrlField({ label = "Video URL", ...field }: ProductFieldProps) {
  return <TextField {...field} name="videoUrl" label={label} inputMode="url" />;
}

/** Simple HTML is kept (the server sanitizes it); `rows` is the screen's own height. */
export function DescriptionField({ label = "Description*", defaultValue, rows, ...field }: ProductFieldProps & { rows: number }) {
  return (
    <FormField {...field} name="description" label={label} className={fieldClass}>
      {(wiring) => <textarea {...wiring} rows={rows} defaultValue={defaultValue} maxLength={20_000} className={`${controlClass} py-2`} />}
    </FormField>
  );
}

function ChoiceField({ name, label, options, defaultValue, ...field }: ProductFieldProps & { name: string; label: string; options: readonly { value: string; label: string }[] }) {
  return (
    <FormField {...field} name={name} label={label} className={fieldClass}>
      {(wiring) => (
        <select {...wiring} defaultValue={defaultValue} className={`${controlClass} h-10`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function PricingField({ label = "Pricing*", ...field }: ProductFieldProps) {
  return <ChoiceField {...field} name="pricing" label={label} options={FORM_PRICINGS} />;
}

/** The admin form's status (`deleted` is moderation's, never the form's). */
export function StatusField({ label = "Status*", ...field }: ProductFieldProps) {
  return <ChoiceField {...field} name="status" label={label} options={ADMIN_STATUSES} />;
}

interface CouponFieldsProps {
  /** The control's id of each field (`coupon-text`, `coupon-code`, `coupon-url`, `coupon-expiry`). */
  idOf: (name: string) => string;
  values: Pick<ProductFormValues, "couponText" | "couponCode" | "couponUrl" | "couponExpiryDate">;
  errors: ProductFormErrors;
  errorRole?: "alert";
  textPlaceholder?: string;
  codeAutoComplete?: string;
}

/** The coupon's four fields; the screen draws the "offer a coupon" box and the grid around them. */
export function CouponFields({ idOf, values, errors, errorRole, textPlaceholder, codeAutoComplete }: CouponFieldsProps) {
  const shared = { className: fieldClass, errorRole };
  return (
    <>
      <FormField {...shared} id={idOf("coupon-text")} name="couponText" label="Coupon Text*" placeholder={textPlaceholder} defaultValue={values.couponText} maxLength={200} error={errors.couponText} />
      <FormField {...shared} id={idOf("coupon-code")} name="couponCode" label="Coupon Code*" defaultValue={values.couponCode} maxLength={100} autoComplete={codeAutoComplete} error={errors.couponCode} />
      <FormField {...shared} id={idOf("coupon-url")} name="couponUrl" label="Coupon URL" defaultValue={values.couponUrl} inputMode="url" error={errors.couponUrl} />
      <FormField {...shared} id={idOf("coupon-expiry")} name="couponExpiryDate" label="Coupon Expiry Date" type="date" defaultValue={values.couponExpiryDate} error={errors.couponExpiryDate} />
    </>
  );
}

/** A screen's props for the field `name`: its value (empty when unset) and message, announced or not. */
export function fieldsOf<V extends object>(values: V, errors: Partial<Record<string, string>>, errorRole?: "alert") {
  return (name: keyof V & string) => ({ defaultValue: String(values[name] ?? ""), error: errors[name], errorRole });
}
