import { useRef, useState, type FormEvent } from "react";
import * as z from "zod/mini";
import { fieldErrors, formObject } from "./forms";

type Errors = Partial<Record<string, string>>;

function check(schema: z.core.$ZodType, form: HTMLFormElement): Errors {
  const parsed = z.safeParse(schema, formObject(new FormData(form)));
  return parsed.success ? {} : fieldErrors(parsed.error);
}

function fieldName(target: EventTarget): string | null {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    ? target.name || null
    : null;
}

/**
 * The form's schema, run in the browser: a field is checked when it loses focus after an edit
 * (and on each edit while it shows a message), the whole form before it is sent; a form with
 * errors is not sent and the first wrong field gets focus. The server's answer (`serverErrors`,
 * from the same schema) replaces the browser's messages when it arrives. Without JavaScript only
 * the server's messages show. A submit button with `formNoValidate` skips the check.
 */
export function useFormErrors<E extends Errors>(schema: z.core.$ZodType, serverErrors: E | undefined) {
  // Messages from the browser since the server last answered; `undefined` hides the server's one.
  const [client, setClient] = useState<Errors>({});
  const [answered, setAnswered] = useState(serverErrors);
  const edited = useRef(new Set<string>());
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setClient({});
  }
  const errors = { ...serverErrors, ...client } as E;

  function recheck(form: HTMLFormElement, name: string) {
    const message = check(schema, form)[name];
    setClient((current) => ({ ...current, [name]: message }));
  }

  return {
    errors,
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      if (!name) return;
      edited.current.add(name);
      if (errors[name]) recheck(event.currentTarget, name);
    },
    onBlur(event: FormEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      if (name && edited.current.has(name)) recheck(event.currentTarget, name);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter?.hasAttribute("formnovalidate")) return;
      const form = event.currentTarget;
      const found = check(schema, form);
      // Every field is judged now: clear the messages of fields that are fine.
      const cleared = Object.fromEntries(Object.keys(errors).filter((key) => key !== "form").map((key) => [key, undefined]));
      setClient({ ...cleared, ...found });
      if (!Object.keys(found).length) return;
      event.preventDefault();
      const first = [...form.elements].find((element) => {
        const name = fieldName(element);
        return name !== null && found[name] !== undefined;
      });
      (first as HTMLElement | undefined)?.focus();
    },
  };
}
