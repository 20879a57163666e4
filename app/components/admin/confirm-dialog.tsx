import { useState, type ReactElement, type ReactNode } from "react";
import { Form } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

export interface ConfirmButton {
  label: string;
  /** Shown while the form is being sent ("Deleting..."). */
  busyLabel?: string;
  busy?: boolean;
  variant?: ButtonProps["variant"];
  /** The submit button's own field (`intent=delete`), kept so the post works without JavaScript. */
  name?: string;
  value?: string;
  /** The id of a form elsewhere on the page that this button submits. */
  form?: string;
}

/**
 * An admin confirmation: the trigger, a title and what the action does, Cancel, and the submit
 * that confirms. The submit posts the form around the dialog (or `confirm.form`); with `fields`
 * the dialog holds its own `<Form method="post">` with those hidden fields, and closes as it posts.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  fields,
  action,
  open: controlled,
  onOpenChange,
  className,
}: {
  /** The button that opens it; omit it when something else sets `open`. */
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirm: ConfirmButton;
  fields?: Record<string, string | number>;
  action?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  const footer = (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" form={confirm.form} name={confirm.name} value={confirm.value} variant={confirm.variant ?? "destructive"} disabled={confirm.busy}>
        {confirm.busy && confirm.busyLabel ? confirm.busyLabel : confirm.label}
      </Button>
    </DialogFooter>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {fields ? (
          <Form method="post" action={action} preventScrollReset onSubmit={() => setOpen(false)}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {footer}
          </Form>
        ) : (
          footer
        )}
      </DialogContent>
    </Dialog>
  );
}
