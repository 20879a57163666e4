import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { AuthRequiredDialogProps } from "./auth-required-dialog";

/** The open dialog: loaded on the first press that needs it (auth-required-dialog.tsx). */
export default function OpenAuthRequiredDialog({ open, onOpenChange, message = "Please sign in to continue.", onContinue }: AuthRequiredDialogProps) {
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
