import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import type { LoginActionData } from "../login-types";

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
  const errors = failed?.errors ?? {};

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
        <Form method="post" replace noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="create-super-admin" />
          {errors.form ? (
            <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="super-admin-email" className="text-sm font-medium">
              Email
            </label>
            <Input
              id="super-admin-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={failed?.values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "super-admin-email-error" : undefined}
            />
            {errors.email ? (
              <p id="super-admin-email-error" role="alert" className="text-sm text-destructive">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="super-admin-password" className="text-sm font-medium">
              Password
            </label>
            <Input
              id="super-admin-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "super-admin-password-error" : "super-admin-password-hint"}
            />
            {errors.password ? (
              <p id="super-admin-password-error" role="alert" className="text-sm text-destructive">
                {errors.password}
              </p>
            ) : (
              <p id="super-admin-password-hint" className="text-sm text-muted-foreground">
                At least 6 characters.
              </p>
            )}
          </div>
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
