import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";

/** The product's logo, or its first letter when there is none or it fails to load. */
export function ProductLogo({ name, src, size = 48, className }: { name: string; src: string | null; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError for React: check once mounted.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, [src]);
  const letter = (name.trim()[0] ?? "?").toUpperCase();
  const box = cn("flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted", className);
  if (!src || failed) {
    return (
      <span aria-hidden className={cn(box, "font-semibold text-muted-foreground")} style={{ width: size, height: size, fontSize: size / 2.4 }}>
        {letter}
      </span>
    );
  }
  return (
    <span className={box} style={{ width: size, height: size }}>
      <img
        ref={img}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="size-full object-contain"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
