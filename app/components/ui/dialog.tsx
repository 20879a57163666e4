import { XIcon } from "lucide-react";
import { Slot } from "radix-ui";
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import type * as React from "react";
import { cn } from "./cn";

/**
 * Dialogs on the native <dialog> element: showModal() gives the top layer, an inert page behind,
 * Escape to close and a focus trap, with no library to ship (see decision 013). Same API as the
 * Radix-style primitives: Dialog, DialogTrigger, DialogContent, DialogTitle, DialogDescription.
 */
interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
  hasDescription: boolean;
  setHasDescription: (has: boolean) => void;
}
const DialogContext = createContext<DialogState | null>(null);

function useDialog(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error("Dialog parts must be inside <Dialog>");
  return state;
}

export function Dialog({
  open: controlled,
  onOpenChange,
  defaultOpen = false,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  children: React.ReactNode;
}) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = controlled ?? uncontrolled;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  const titleId = useId();
  const descriptionId = useId();
  const [hasDescription, setHasDescription] = useState(false);
  return (
    <DialogContext.Provider value={{ open, setOpen, titleId, descriptionId, hasDescription, setHasDescription }}>
      {children}
    </DialogContext.Provider>
  );
}

export function DialogTrigger({ asChild, onClick, ...props }: React.ComponentProps<"button"> & { asChild?: boolean }) {
  const { open, setOpen } = useDialog();
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(true);
      }}
      {...props}
    />
  );
}

export function DialogClose({ asChild, onClick, ...props }: React.ComponentProps<"button"> & { asChild?: boolean }) {
  const { setOpen } = useDialog();
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        setOpen(false);
      }}
      {...props}
    />
  );
}

/** The modal itself; rendered only while open. `panelClassName` styles the <dialog> box. */
export function ModalPanel({
  className,
  children,
  showClose = true,
  "aria-describedby": describedBy,
}: {
  className?: string;
  children: React.ReactNode;
  showClose?: boolean;
  "aria-describedby"?: string;
}) {
  const { open, setOpen, titleId, descriptionId, hasDescription } = useDialog();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.documentElement.style.overflow;
    dialog.showModal();
    document.documentElement.style.overflow = "hidden";
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy ?? (hasDescription ? descriptionId : undefined)}
      onCancel={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      onClick={(event) => {
        // A click on the <dialog> itself, outside its inner box, is a click on the backdrop.
        if (event.target === event.currentTarget) setOpen(false);
      }}
      className={cn("bg-transparent p-0 text-popover-foreground backdrop:bg-black/60", className)}
    >
      <div className="relative flex h-full flex-col gap-4 overflow-y-auto rounded-[inherit] border bg-popover p-6 shadow-lg">
        {children}
        {showClose ? (
          <button
            type="button"
            aria-label="Close"
            onClick={() => setOpen(false)}
            className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
    </dialog>
  );
}

export function DialogContent({ className, children, ...props }: { className?: string; children: React.ReactNode; "aria-describedby"?: string }) {
  return (
    <ModalPanel
      className={cn("m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg rounded-lg", className)}
      {...props}
    >
      {children}
    </ModalPanel>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<"h2">) {
  const { titleId } = useDialog();
  return <h2 id={titleId} className={cn("text-lg leading-none font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<"p">) {
  const { descriptionId, setHasDescription } = useDialog();
  useEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p id={descriptionId} className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
