import { useEffect, useMemo, useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { NAME_MAX, nameForm } from "../taxonomy";

/** The taxonomy screens' shared parts: row and answer types, the add form, badges, messages. */

export interface ManagedRow {
  id: number;
  name: string;
  slug: string;
  status: "published" | "draft";
  product_count: number;
}

export interface ActionAnswer {
  error?: string;
  intent?: string;
  id?: number;
}

export interface TaxonomyTexts {
  /** "niche" or "subcategory": labels and ids. */
  noun: string;
  plural: string;
  /** Public path of a row, for the slug column link. */
  publicPath: (slug: string) => string;
}

/** The refusal the last action answered, shown as a toast once. */
export function useAnswer(): ActionAnswer | undefined {
  const answer = useActionData() as ActionAnswer | undefined;
  useEffect(() => {
    if (answer?.error) notify.error(answer.error);
  }, [answer]);
  return answer;
}

/** A dialog form's Cancel and submit buttons; the submit says "Saving..." while the form is sent. */
export function SaveFooter({ busy, label }: { busy: boolean; label: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : label}
      </Button>
    </DialogFooter>
  );
}

export function StatusBadge({ status }: { status: "published" | "draft" }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
        status === "published"
          ? "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300"
          : "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
      )}
    >
      {status === "published" ? "Published" : "Draft"}
    </span>
  );
}

/** The message with Retry that replaces the table when the rows could not be read. */
export function LoadFailure({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        {revalidator.state === "loading" ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}

/** The add form: one name, checked in the browser and again by the action. */
export function AddForm({ noun, answer }: { noun: string; answer: ActionAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const serverErrors = useMemo(() => (answer?.intent === "create" && answer.error ? { name: answer.error } : undefined), [answer]);
  const form = useFormErrors(nameForm, serverErrors);
  const [key, setKey] = useState(0);
  // A successful add comes back as a redirect (no answer): start with an empty field.
  useEffect(() => {
    if (navigation.state === "idle" && !answer) setKey((k) => k + 1);
  }, [navigation.state, answer]);
  const label = `${noun[0]!.toUpperCase()}${noun.slice(1)} name`;
  return (
    <Form
      key={key}
      method="post"
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start"
      onChange={form.onChange}
      onBlur={form.onBlur}
      onSubmit={form.onSubmit}
      aria-label={`Add ${noun}`}
    >
      <input type="hidden" name="intent" value="create" />
      <FormField
        name="name"
        label={label}
        className="flex flex-1 flex-col gap-1.5"
        maxLength={NAME_MAX}
        autoComplete="off"
        required
        error={form.errors.name}
        errorRole="alert"
      />
      <Button type="submit" className="sm:mt-7" disabled={busy}>
        {busy ? "Adding..." : `Add ${noun}`}
      </Button>
    </Form>
  );
}
