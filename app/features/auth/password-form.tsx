import type * as React from "react";
import { FormField } from "~/components/ui/form-field";
import { PASSWORD_MIN_LENGTH, type FieldErrors } from "./password";

export { FormAlert, FormField } from "~/components/ui/form-field";

/** New password (with its length hint) and its confirmation, as the reset and change screens ask for them. */
export function NewPasswordFields({ errors }: { errors?: Pick<FieldErrors, "password" | "confirm"> }) {
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

/** A message about the whole form (not one field). */

/** The card the password screens share. */
export function PasswordCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
