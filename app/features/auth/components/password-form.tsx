import type * as React from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { PASSWORD_MIN_LENGTH, type FieldErrors } from "../auth";

export { FormAlert, FormField } from "~/components/ui/form-field";

/** New password (with its length hint) and its confirmation, as the reset and change screens ask for them. */
function NewPasswordFields({ errors }: { errors?: Pick<FieldErrors, "password" | "confirm"> }) {
  return (
    <>
      <FormField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors?.password}
      />
      <FormField
        name="confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors?.confirm}
      />
    </>
  );
}

/**
 * The form of the reset and change screens: the form's message, the screen's own fields
 * (`children`), the new password and its confirmation, and the submit button. `check` holds
 * useFormErrors' handlers, which run the form's schema in the browser.
 */
export function NewPasswordForm({
  check,
  errors,
  error,
  children,
}: {
  check: Pick<React.FormHTMLAttributes<HTMLFormElement>, "onChange" | "onBlur" | "onSubmit">;
  errors: FieldErrors;
  error?: string;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Form method="post" noValidate className="flex flex-col gap-4" {...check}>
        {children}
        <NewPasswordFields errors={errors} />
        <Button type="submit" disabled={busy}>
          {busy ? "Updating..." : "Update Password"}
        </Button>
      </Form>
    </>
  );
}

/** The card the password screens share. */
export function PasswordCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
