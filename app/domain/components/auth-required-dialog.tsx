import { lazy, Suspense } from "react";

export interface AuthRequiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message?: string;
  /** Runs when the visitor chooses to sign in (e.g. to remember the action to resume afterwards). */
  onContinue?: () => void;
}

/** The dialog's body, loaded on the first press that opens it: no page needs it before (decision 082). */
const OpenAuthRequiredDialog = lazy(() => import("./auth-required-dialog-open"));

/**
 * The spec's dialog for actions that need an account. Mounted only while open (a closed dialog
 * renders nothing anyway): a list page has two toggles per card, each with this dialog, and every
 * closed one still cost its state, ids and elements on each server render (decision 060). Its
 * code (and the dialog primitives') loads when a visitor first needs it, not with every page.
 */
export function AuthRequiredDialog(props: AuthRequiredDialogProps) {
  return props.open ? (
    <Suspense fallback={null}>
      <OpenAuthRequiredDialog {...props} />
    </Suspense>
  ) : null;
}
