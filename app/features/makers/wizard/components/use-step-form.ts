import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigation } from "react-router";
import type * as z from "zod/mini";
import type { ProductFormErrors } from "~/domain/product-form/fields";
import { useFormErrors } from "~/lib/use-form-errors";

/**
 * A step's form: the shared schema checked in the browser (useFormErrors), and one post at a
 * time (a double click sends once: the button is disabled and a second submit event is dropped).
 */
export function useStepForm(schema: z.core.$ZodType, serverErrors: ProductFormErrors | undefined, intent: string) {
  const { errors, onSubmit, ...check } = useFormErrors<ProductFormErrors>(schema, serverErrors);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const sending = useRef(false);
  // The list of problems shows once the maker tried to send the step (not while typing).
  const [attempted, setAttempted] = useState(false);
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  return {
    errors,
    busy,
    attempted: attempted || serverErrors !== undefined,
    formProps: {
      ...check,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        if (sending.current) {
          event.preventDefault();
          return;
        }
        setAttempted(true);
        onSubmit(event);
        if (!event.defaultPrevented) sending.current = true;
      },
    },
  };
}
