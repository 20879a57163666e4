import { useEffect, useId, useState } from "react";
import type * as React from "react";
import { deferredPart, ssrPart } from "../deferred-part";
import { cn } from "./cn";
import { DialogContext, useDialog } from "./dialog-context";
import { ModalPanelBody as ModalPanelBodyNow } from "./modal-panel";
import { Slot } from "./slot";

/**
 * Dialogs on the native <dialog> element: showModal() gives the top layer, an inert page behind,
 * Escape to close and a focus trap, with no library to ship (see decision 013). Same API as the
 * Radix-style primitives: Dialog, DialogTrigger, DialogContent, DialogTitle, DialogDescription.
 */
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
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
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
  const Component = asChild ? Slot : "button";
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

type ModalPanelProps = { className?: string; children: React.ReactNode; showClose?: boolean; "aria-describedby"?: string };

// The open modal's code (modal-panel.tsx) loads when a dialog first opens, or its trigger is
// pointed at or focused: every page has dialogs, few visits open one (decision 052).
const loadPanel = () => import("./modal-panel");
const ModalPanelBody = import.meta.env.SSR
  ? ssrPart(ModalPanelBodyNow)
  : deferredPart<ModalPanelProps>(() => loadPanel().then((m) => m.ModalPanelBody));

/** The modal itself; rendered only while open. `className` styles the <dialog> box. */
export function ModalPanel(props: ModalPanelProps) {
  const { open } = useDialog();
  return open ? <ModalPanelBody {...props} /> : null;
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
