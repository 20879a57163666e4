import { XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import type * as React from "react";
import { cn } from "./cn";
import { useDialog } from "./dialog-context";

/** The open modal: the <dialog> in the top layer, its box and the close button (see ModalPanel in dialog.tsx). */
export function ModalPanelBody({
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
