import { FormField } from "~/components/ui/form-field";

export interface MakerCommentFieldProps {
  id?: string;
  /** Default `makerComment`. */
  name?: string;
  label?: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (text: string) => void;
  rows?: number;
  disabled?: boolean;
}

/**
 * The maker's comment: a text box shown on the product page as the maker's first comment. The
 * empty check is the schema's (`makerCommentSchema`: 'Please enter a comment before saving.').
 */
export function MakerCommentField({
  id = "maker-comment",
  name = "makerComment",
  label = "Maker Comment",
  hint = "Say hello to the community: why you built it, what is next. Shown on the product page.",
  error,
  value,
  defaultValue,
  onChange,
  rows = 6,
  disabled,
}: MakerCommentFieldProps) {
  return (
    <FormField id={id} name={name} label={label} hint={hint} error={error} errorRole="alert" className="flex flex-col gap-2">
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          maxLength={5_000}
          disabled={disabled}
          {...(value !== undefined ? { value } : { defaultValue })}
          onChange={(event) => onChange?.(event.currentTarget.value)}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 md:text-sm"
        />
      )}
    </FormField>
  );
}
