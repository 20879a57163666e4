import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import type { useEngagementToggle } from "../use-toggle";

/** The sign-in dialog of an upvote or save toggle: after signing in, the action asked for is applied. */
export function ToggleSignInDialog({ toggle, message }: { toggle: ReturnType<typeof useEngagementToggle>; message: string }) {
  return <AuthRequiredDialog open={toggle.authOpen} onOpenChange={toggle.setAuthOpen} message={message} onContinue={toggle.rememberForSignIn} />;
}
