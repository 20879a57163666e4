import type { ReactNode } from "react";
import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import type { useEngagementToggle } from "../use-toggle";

/**
 * An upvote or save toggle's button (`children`, a submit button) in a plain HTML form, and its
 * sign-in dialog. Without JavaScript the browser posts the form (decision 081); with it, the
 * submission is the toggle (optimistic, or the dialog for a visitor), and nothing is posted. The
 * form is `display: contents`, so the button stays the item of its row as before.
 */
export function ToggleForm({ toggle, message, children }: { toggle: ReturnType<typeof useEngagementToggle>; message: string; children: ReactNode }) {
  return (
    <>
      <form
        method="post"
        action={toggle.action}
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          toggle.toggle();
        }}
      >
        <input type="hidden" name="on" value={String(!toggle.active)} />
        {children}
      </form>
      {/* After signing in, the action asked for is applied (use-toggle.ts). */}
      <AuthRequiredDialog open={toggle.authOpen} onOpenChange={toggle.setAuthOpen} message={message} onContinue={toggle.rememberForSignIn} />
    </>
  );
}
