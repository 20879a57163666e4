/**
 * The site's mark (public/favicon.svg) drawn inline: the header on every page shows it without a
 * request of its own, so it neither waits on the network nor counts against the first paint
 * (decision 053). Keep the two drawings the same.
 */
export function BrandMark({ size, className }: { size: number; className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width={size} height={size} className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="#4338ca" />
      <path d="M8 10h16v3h-6.5v11h-3V13H8z" fill="#fff" />
    </svg>
  );
}
