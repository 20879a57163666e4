/**
 * Form schemas are written with `zod/mini` (decision 031) and run twice: in the browser for
 * instant messages and in the action as the authority. These helpers are what both sides share.
 */
import * as z from "zod/mini";

/** The field a message belongs to when no input is at fault (a refusal of the whole form). */
export const FORM_ERROR = "form";

/** First message per top-level field; issues without a path go under `form`. */
export function fieldErrors<K extends string = string>(error: z.core.$ZodError): Partial<Record<K | typeof FORM_ERROR, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : FORM_ERROR;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A form as the object its schema reads: a name given once is a value, a repeated one (checkboxes)
 * a list. An absent field is absent, so a schema's own "required" message answers it.
 */
export function formObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    values[name] = all.length === 1 ? all[0]! : all;
  }
  return values;
}

/** A message per field of the schema's input, and `form`. */
export type FormErrors<S extends z.core.$ZodType> = Partial<Record<Extract<keyof z.input<S>, string> | typeof FORM_ERROR, string>>;

export type ParsedForm<S extends z.core.$ZodType> = { ok: true; data: z.output<S> } | { ok: false; errors: FormErrors<S> };

/** Checks a submitted form (or an object built from one) against its schema. */
export function parseForm<S extends z.core.$ZodType>(schema: S, input: FormData | Record<string, unknown>): ParsedForm<S> {
  const parsed = z.safeParse(schema, input instanceof FormData ? formObject(input) : input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
