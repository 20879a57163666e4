import { Slot } from "./slot";
import type * as React from "react";
import { cn } from "./cn";

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";
const VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
};
const SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-6",
  icon: "size-10",
};

/** A button's classes (class-variance-authority's output, without shipping it: decision 052). `null` leaves one out. */
export function buttonVariants({ variant, size }: { variant?: keyof typeof VARIANTS | null; size?: keyof typeof SIZES | null } = {}): string {
  return [BASE, variant === null ? "" : VARIANTS[variant ?? "default"], size === null ? "" : SIZES[size ?? "default"]].filter(Boolean).join(" ");
}

export type ButtonProps = React.ComponentProps<"button"> &
  NonNullable<Parameters<typeof buttonVariants>[0]> & {
    /** Render the single child (e.g. a Link) with button styling instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return <Slot className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  return <button type={type ?? "button"} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
