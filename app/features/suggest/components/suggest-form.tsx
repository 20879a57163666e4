import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import { useSessionUser } from "~/domain/root-data";
import { useFormErrors } from "~/lib/use-form-errors";
import {
  AFTER_SUGGESTION,
  AFTER_SUGGESTION_DELAY_MS,
  STAY_FIELD,
  SUGGESTION_MAX,
  SUGGESTION_SIGN_IN,
  SUGGESTION_THANKS,
  resumePath,
  suggestionSchema,
  type SuggestErrors,
  type SuggestResult,
} from "../suggest";

const textareaClass =
  "min-h-56 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 md:text-sm";

/**
 * The suggestion form. Signed out, sending it opens Authentication Required; its Continue to Sign
 * In returns here with the text, which first goes into this page's address (the dialog links
 * back to the current address). Signed in, it posts once (a second click while one is under way
 * is ignored; the server also drops a repeat), toasts the thanks and moves on after 1.5 s.
 */
export function SuggestForm({ initialText }: { initialText: string }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const fetcher = useFetcher<SuggestResult>();
  const result = fetcher.data;
  const { errors, ...check } = useFormErrors<SuggestErrors>(suggestionSchema, result && !result.ok ? result.errors : undefined);
  const [hydrated, setHydrated] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  // Set when a post leaves, cleared when a refusal comes back: router state updates are
  // transitions, so the disabled button alone could let a fast second click through.
  const sending = useRef(false);
  const done = result?.ok === true;
  const busy = fetcher.state !== "idle" || done;

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state === "idle" && result && !result.ok) sending.current = false;
  }, [fetcher.state, result]);

  useEffect(() => {
    if (!done) return;
    notify.success(SUGGESTION_THANKS);
    const timer = setTimeout(() => void navigate(AFTER_SUGGESTION), AFTER_SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sending.current) return event.preventDefault();
    check.onSubmit(event);
    if (event.defaultPrevented) return;
    if (!user) {
      event.preventDefault();
      const text = new FormData(event.currentTarget).get("text");
      const back = navigate(resumePath(typeof text === "string" ? text : ""), { replace: true, preventScrollReset: true });
      void Promise.resolve(back).then(() => setAskSignIn(true));
      return;
    }
    sending.current = true;
  }

  return (
    <>
      <fetcher.Form method="post" action="/submit" noValidate className="flex flex-col gap-4" aria-busy={busy} {...check} onSubmit={onSubmit}>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {hydrated ? <input type="hidden" name={STAY_FIELD} value="1" /> : null}
        <FormField
          id="suggestion-text"
          name="text"
          label="Your suggestion"
          hint={`Name the resource, add its website if you know it, and tell us who it helps. Up to ${SUGGESTION_MAX.toLocaleString("en-US")} characters.`}
          error={errors.text}
          errorRole="alert"
        >
          {(field) => (
            <textarea
              {...field}
              rows={10}
              maxLength={SUGGESTION_MAX}
              defaultValue={initialText}
              placeholder="e.g. Excalidraw (https://excalidraw.com), a free whiteboard for sketching diagrams together"
              className={textareaClass}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? "Submitting..." : "Submit Suggestion"}
        </Button>
      </fetcher.Form>
      <AuthRequiredDialog open={askSignIn} onOpenChange={setAskSignIn} message={SUGGESTION_SIGN_IN} />
    </>
  );
}
