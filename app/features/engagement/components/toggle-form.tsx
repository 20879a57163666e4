import type { ReactNode } from "react";
import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import type { useEngagementToggle } from "../use-toggle";

/**
 * A toggle's plain HTML form around its submit button (`children`): without JavaScript the browser
 * posts `on` to `action` (decision 082); with it, the submission runs `run` instead and nothing is
 * posted. The form is `display: contents`, so the button stays the item of its row as before.
 */
export function PlainToggleForm({ action, on, run, children }: { action: string; on: boolean; run: () => void; children: ReactNode }) {
  return (
    <form
      method="post"
      action={action}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        run();
      }}
    >
      <input type="hidden" name="on" value={String(on)} />
      {children}
    </form>
  );
}

/**
 * An upvote or save button in its plain form, and its sign-in dialog: with JavaScript a press is the
 * toggle (optimistic, or the dialog for a visitor), and after signing in the action asked for is
 * applied (use-toggle.ts).
 */
export function ToggleForm({ toggle, message, children }: { toggle: ReturnType<typeof useEngagementToggle>; message: string; children: ReactNode }) {
  return (
    <>
      <PlainToggleForm action={toggle.action} on={!toggle.active} run={toggle.toggle}>
        {children}
      </PlainToggleForm>
      <AuthRequiredDialog open={toggle.authOpen} onOpenChange={toggle.setAuthOpen} message={message} onContinue={toggle.rememberForSignIn} />
    </>
  );
}
