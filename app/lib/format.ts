/**
 * Numbers and dates in the site's one locale (en-US), the same on the server and in the browser.
 *
 * The browser loads Intl's locale data on the first call that needs it: ~40 ms of main thread on a
 * desktop, four times that on Lighthouse's phone, in the middle of hydration (decision 064). So
 * counts on public pages are grouped by hand (formatCount), and date formatters are made on first
 * use (lazyFormat) rather than when their module loads, which every page that imports it paid for.
 */

/** An integer with en-US digit grouping: 3198 -> "3,198", as toLocaleString("en-US") writes it. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded));
  let grouped = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ",";
    grouped += digits[i];
  }
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** A formatter made on first use. */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
