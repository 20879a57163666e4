import { cn } from "./cn";

/** A person's picture, or the first letter of their name when they have none. */
export function Avatar({ name, src, className }: { name: string | null; src: string | null; className?: string }) {
  const letter = (name?.trim()[0] ?? "?").toUpperCase();
  const box = cn("size-8 shrink-0 rounded-full", className);
  return src ? (
    <img src={src} alt="" className={cn(box, "object-cover")} loading="lazy" />
  ) : (
    <span aria-hidden className={cn(box, "flex items-center justify-center bg-primary font-bold text-primary-foreground")}>
      {letter}
    </span>
  );
}
