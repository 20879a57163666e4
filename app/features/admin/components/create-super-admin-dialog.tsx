import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useFormErrors } from "~/lib/use-form-errors";
import { adminCredentialsSchema, type LoginActionData } from "../admin";

/** First-run only: asks for the first administrator's e-mail and password. */
export function CreateSuperAdminDialog({ result }: { result: LoginActionData | null }) {
  const failed = result?.intent === "create-super-admin" ? result : null;
  const [open, setOpen] = useState(!!failed);
  const [shownFailure, setShownFailure] = useState(failed);
  // A refused creation reopens the dialog with the server's message.
  if (failed !== shownFailure) {
    setShownFailure(failed);
    if (failed) setOpen(true);
  }
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-super-admin";
  const { errors, ...check } = useFormErrors(adminCredentialsSchema, failed?.errors);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full">
          Create Super Admin
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Super Admin</DialogTitle>
          <DialogDescription>
            No administrator exists yet. Choose the e-mail and password of the first one; you will be signed in
            with them. This is offered only until an administrator exists.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" replace noValidate className="flex flex-col gap-4" {...check}>
          <input type="hidden" name="intent" value="create-super-admin" />
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <FormField
            id="super-admin-email"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            error={errors.email}
            errorRole="alert"
          />
          <FormField
            id="super-admin-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={6}
            // The server's message takes the hint's place.
            hint={errors.password ? undefined : "At least 6 characters."}
            hintClassName="text-sm text-muted-foreground"
            error={errors.password}
            errorRole="alert"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={creating}>
              {creating ? "Creating..." : "Create Super Admin"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
