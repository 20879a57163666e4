import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { NAME_MAX, nameForm } from "../admin-taxonomy";
import { SaveFooter, type ActionAnswer, type ManagedRow } from "./taxonomy-parts";

/** A taxonomy row's own actions: rename (a dialog form), publish or draft, delete after a confirmation. */

export function RenameDialog({ row, noun, answer }: { row: ManagedRow; noun: string; answer: ActionAnswer | undefined }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const serverErrors = useMemo(
    () => (answer?.intent === "rename" && answer.id === row.id && answer.error ? { name: answer.error } : undefined),
    [answer, row.id],
  );
  const form = useFormErrors(nameForm, serverErrors);
  useEffect(() => setOpen(false), [row.name]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename ${row.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename {row.name}</DialogTitle>
          <DialogDescription>The slug follows the new name; old links redirect to the new address.</DialogDescription>
        </DialogHeader>
        <Form method="post" noValidate className="flex flex-col gap-4" onChange={form.onChange} onBlur={form.onBlur} onSubmit={form.onSubmit}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={row.id} />
          <FormField
            id={`rename-${noun}-${row.id}`}
            name="name"
            label="New name"
            defaultValue={row.name}
            maxLength={NAME_MAX}
            autoComplete="off"
            required
            error={form.errors.name}
            errorRole="alert"
          />
          <SaveFooter busy={busy} label="Save" />
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteDialog({ row, noun, warning }: { row: ManagedRow; noun: string; warning: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" size="sm" aria-label={`Delete ${row.name}`}>
          Delete
        </Button>
      }
      title={`Delete the ${noun} ${row.name}?`}
      description={warning}
      fields={{ intent: "delete", id: row.id }}
      confirm={{ label: "Delete permanently", busyLabel: "Deleting...", busy }}
    />
  );
}

export function StatusToggle({ row }: { row: ManagedRow }) {
  const next = row.status === "published" ? "draft" : "published";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="status" value={next} />
      <Button type="submit" variant="outline" size="sm" aria-label={next === "draft" ? `Move ${row.name} to draft` : `Publish ${row.name}`}>
        {next === "draft" ? "Move to draft" : "Publish"}
      </Button>
    </Form>
  );
}
