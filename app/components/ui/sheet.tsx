import type * as React from "react";
import { cn } from "./cn";
import { Dialog, DialogClose, DialogDescription, DialogTitle, DialogTrigger, ModalPanel } from "./dialog";

/** A side drawer: the native dialog pinned to one edge. */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;
export const SheetClose = DialogClose;

const sides = {
  right: "ml-auto mr-0 h-dvh max-h-dvh w-3/4 max-w-sm",
  left: "ml-0 mr-auto h-dvh max-h-dvh w-3/4 max-w-sm",
};

export function SheetContent({
  side = "right",
  className,
  children,
  ...props
}: { side?: keyof typeof sides; className?: string; children: React.ReactNode; "aria-describedby"?: string }) {
  return (
    <ModalPanel className={cn("my-0 rounded-none", sides[side], className)} {...props}>
      {children}
    </ModalPanel>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export const SheetTitle = ({ className, ...props }: React.ComponentProps<"h2">) => (
  <DialogTitle className={cn("text-lg font-semibold", className)} {...props} />
);

export const SheetDescription = DialogDescription;
