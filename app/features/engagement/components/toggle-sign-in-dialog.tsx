import { AuthRequiredDialog } from "~/domain/components/auth-required-dialog";
import type { useEngagementToggle } from "../use-toggle";

/**
 * The sign-in dialog of an upvote or save toggle: after signing in, the action asked for is applied.
 * Mounted only while open (a closed dialog renders nothing anyway): a list page has two toggles per
 * card, and each closed dialog still cost its state, ids and elements on every server render.
 */
export function ToggleSignInDialog({ toggle, message }: { toggle: ReturnType<typeof useEngagementToggle>; message: string }) {
  if (!toggle.authOpen) return null;
  return <AuthRequiredDialog open onOpenChange={toggle.setAuthOpen} message={message} onContinue={toggle.rememberForSignIn} />;
}
