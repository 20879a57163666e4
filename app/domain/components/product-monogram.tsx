import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";

/**
 * Product logos in the catalogue (decision 050): our stored copy when there is one, otherwise a
 * generated monogram. An outside address is never loaded (no hot-linking): the background job
 * copies it into our storage, and until then the monogram stands in.
 */

/** Tailwind's 700 shades: white text on each passes WCAG AA (at least 4.5:1). */
const MONOGRAM_COLORS = [
  "#4338ca", "#0f766e", "#b45309", "#be123c", "#6d28d9", "#1d4ed8", "#15803d", "#be185d",
  "#0e7490", "#c2410c", "#047857", "#a21caf", "#0369a1", "#b91c1c", "#334155", "#7e22ce",
];

/** Up to two initials (first letters of the first two words), and a colour that depends only on the name. */
export function monogram(name: string): { initials: string; color: string } {
  // A list page draws the same few dozen names on every request: work each out once.
  let known = MONOGRAMS.get(name);
  if (!known) {
    known = computeMonogram(name);
    if (MONOGRAMS.size >= 2_000) MONOGRAMS.clear();
    MONOGRAMS.set(name, known);
  }
  return known;
}

const MONOGRAMS = new Map<string, { initials: string; color: string }>();

function computeMonogram(name: string): { initials: string; color: string } {
  const words = name.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0]?.[0] ?? "?")).toUpperCase();
  // FNV-1a over the lower-cased name: stable across server and browser.
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLowerCase()) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return { initials, color: MONOGRAM_COLORS[hash % MONOGRAM_COLORS.length]! };
}

/** A logo address that is ours: same-origin (local storage's /uploads/…), or a stored copy's content-addressed name (a bucket). */
export function isStoredLogoUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && /\/logos\/[0-9a-f]{32}\.webp$/.test(parsed.pathname);
  } catch {
    return false;
  }
}

interface LogoProps {
  name: string;
  size?: number;
  className?: string;
  /** Beside the name inside the same link: hidden from assistive technology, which reads the name. */
  decorative?: boolean;
}

/**
 * One element: a coloured square with the initials (decision 060). It was an <svg> with a <rect>
 * and a <text>, 18 attributes written for each of a list page's 20-odd logos on every request.
 */
export function ProductMonogram({ name, size = 48, className, decorative = false }: LogoProps) {
  const { initials, color } = monogram(name);
  return (
    <span
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": `${name} logo` })}
      className={cn("flex shrink-0 items-center justify-center rounded-lg leading-none font-semibold text-white select-none", className)}
      style={{ width: size, height: size, backgroundColor: color, fontSize: Math.round((size * (initials.length > 1 ? 19 : 23)) / 48) }}
    >
      {initials}
    </span>
  );
}

/** The product's stored logo, or its monogram when there is none, it is not ours yet, or it fails to load. */
/**
 * `allowOutside` loads any address: only for a maker's own preview of the Logo URL they typed,
 * which must show that address (and its "Could not load the logo" state).
 */
export function CatalogProductLogo({ src, allowOutside = false, ...props }: LogoProps & { src: string | null; allowOutside?: boolean }) {
  const { name, size = 48, className, decorative = false } = props;
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError for React: check once mounted.
  useEffect(() => {
    const element = img.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || (!allowOutside && !isStoredLogoUrl(src)) || failed) return <ProductMonogram {...props} />;
  return (
    <span
      className={cn("flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted", className)}
      style={{ width: size, height: size }}
    >
      <img
        ref={img}
        src={src}
        alt={decorative ? "" : `${name} logo`}
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
