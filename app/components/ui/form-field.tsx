import { useId } from "react";
import type * as React from "react";
import { Input } from "./input";

/** What a field's control must carry so its label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  name?: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldShellProps {
  /** The control's id; defaults to `field-<name>`. */
  id?: string;
  name?: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  /** Defaults to `<id>-hint`. */
  hintId?: string;
  /** Defaults to `<id>-error`; `null` leaves the message without an id and unreferenced. */
  errorId?: string | null;
  errorRole?: React.AriaRole;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
}

type InputFieldProps = FieldShellProps &
  Omit<React.ComponentProps<"input">, keyof FieldShellProps | "children"> & { children?: never };

type CustomFieldProps = FieldShellProps & {
  /** Renders a control other than `<Input>` (select, textarea, file picker...) from the wiring props. */
  children: (control: FieldControlProps) => React.ReactNode;
};

export type FormFieldProps = InputFieldProps | CustomFieldProps;

/** A label, its control (an `<Input>` unless `children` renders one), an optional hint and an optional error. */
export function FormField({
  id: idProp,
  name,
  label,
  hint,
  error,
  hintId: hintIdProp,
  errorId: errorIdProp,
  errorRole,
  className = "flex flex-col gap-1.5",
  labelClassName = "text-sm font-medium",
  hintClassName = "text-xs text-muted-foreground",
  children,
  ...inputProps
}: FormFieldProps) {
  const autoId = useId();
  const id = idProp ?? (name ? `field-${name}` : autoId);
  const hintId = hintIdProp ?? `${id}-hint`;
  const errorId = errorIdProp === undefined ? `${id}-error` : errorIdProp;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control: FieldControlProps = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {typeof children === "function" ? children(control) : <Input {...control} {...inputProps} />}
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId ?? undefined} role={errorRole} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
      {children}
    </p>
  );
}
