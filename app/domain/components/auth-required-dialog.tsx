import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/** The spec's dialog for actions that need an account. */
export function AuthRequiredDialog({
  open,
  onOpenChange,
  message = "Please sign in to continue.",
  onContinue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message?: string;
  /** Runs when the visitor chooses to sign in (e.g. to remember the action to resume afterwards). */
  onContinue?: () => void;
}) {
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Authentication Required</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button asChild>
            <Link to={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`} onClick={onContinue}>
              Continue to Sign In
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
