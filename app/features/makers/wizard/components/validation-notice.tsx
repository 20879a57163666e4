import { validationList, VALIDATION_ERROR, type ProductFormErrors } from "~/domain/product-form/fields";

/** The spec's notice: 'Validation Error' and 'Please fix the following errors:' with 'field: message' lines. */
export function ValidationNotice({ errors }: { errors: ProductFormErrors }) {
  const lines = validationList(errors);
  if (!lines.length && !errors.form) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
      {errors.form ? <p className="font-medium">{errors.form}</p> : null}
      {lines.length ? (
        <>
          <p className="font-medium">{VALIDATION_ERROR}</p>
          <p>Please fix the following errors:</p>
          <ul className="mt-1 list-disc pl-5">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
