import { useEffect, useMemo, useState } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { useActionError } from "~/components/admin/action-error";
import { Badge } from "~/components/admin/cards";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { NAME_MAX, nameForm } from "../admin-taxonomy";

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

/** What the last action answered (its refusal shown as a toast once, by the admin kit). */
export function useAnswer(): ActionAnswer | undefined {
  useActionError();
  return useActionData() as ActionAnswer | undefined;
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
    <Badge
      className={
        status === "published"
          ? "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300"
          : "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300"
      }
    >
      {status === "published" ? "Published" : "Draft"}
    </Badge>
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

/**
 * A form of one name (add a niche or subcategory, add a child), checked in the browser and again
 * by the action; the action's refusal for this form (same intent, same row) shows under the field.
 * A successful add comes back as a redirect (no answer): the field starts empty again.
 */
export function NameForm({
  intent,
  id,
  label,
  fieldId,
  submitLabel,
  formLabel,
  className,
  variant,
  answer,
}: {
  intent: string;
  /** The row the name belongs to (a parent's id), posted as `id`. */
  id?: number;
  label: string;
  fieldId?: string;
  submitLabel: string;
  formLabel: string;
  className: string;
  variant?: "outline";
  answer: ActionAnswer | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const serverErrors = useMemo(
    () => (answer?.intent === intent && answer.id === id && answer.error ? { name: answer.error } : undefined),
    [answer, intent, id],
  );
  const form = useFormErrors(nameForm, serverErrors);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (navigation.state === "idle" && !answer) setKey((k) => k + 1);
  }, [navigation.state, answer]);
  return (
    <Form key={key} method="post" noValidate className={className} onChange={form.onChange} onBlur={form.onBlur} onSubmit={form.onSubmit} aria-label={formLabel}>
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <FormField
        id={fieldId}
        name="name"
        label={label}
        className="flex flex-1 flex-col gap-1.5"
        maxLength={NAME_MAX}
        autoComplete="off"
        required
        error={form.errors.name}
        errorRole="alert"
      />
      <Button type="submit" variant={variant} className="sm:mt-7" disabled={busy}>
        {busy ? "Adding..." : submitLabel}
      </Button>
    </Form>
  );
}

/** The add form of a niche or subcategory. */
export function AddForm({ noun, answer }: { noun: string; answer: ActionAnswer | undefined }) {
  return (
    <NameForm
      intent="create"
      label={`${noun[0]!.toUpperCase()}${noun.slice(1)} name`}
      submitLabel={`Add ${noun}`}
      formLabel={`Add ${noun}`}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start"
      answer={answer}
    />
  );
}
