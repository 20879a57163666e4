import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

interface AuthRequiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message?: string;
  /** Runs when the visitor chooses to sign in (e.g. to remember the action to resume afterwards). */
  onContinue?: () => void;
}

/**
 * The spec's dialog for actions that need an account. Mounted only while open (a closed dialog
 * renders nothing anyway): a list page has two toggles per card, each with this dialog, and every
 * closed one still cost its state, ids and elements on each server render (decision 060).
 */
export function AuthRequiredDialog(props: AuthRequiredDialogProps) {
  return props.open ? <OpenAuthRequiredDialog {...props} /> : null;
}

function OpenAuthRequiredDialog({ open, onOpenChange, message = "Please sign in to continue.", onContinue }: AuthRequiredDialogProps) {
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
