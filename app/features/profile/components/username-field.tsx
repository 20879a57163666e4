import { FormField } from "~/components/ui/form-field";

/** The Username input as Edit Profile and onboarding ask for it (3 to 50 characters). */
export function UsernameField({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string }) {
  return (
    <FormField
      id={id}
      name="username"
      label="Username"
      className="flex flex-col gap-2"
      required
      minLength={3}
      maxLength={50}
      autoComplete="username"
      defaultValue={defaultValue}
      error={error}
      errorRole="alert"
    />
  );
}
