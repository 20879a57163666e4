/** Dates as people read them, the same on the server and in the browser (fixed locale and time zone). */

import { lazyFormat } from "./format";

// Made on first use (decision 064): a page that imports this module without showing a date pays nothing.
const joinedFormat = lazyFormat(() => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }));

export function formatJoined(iso: string): string {
  return joinedFormat().format(new Date(iso));
}

/** "just now", "5 minutes ago", "3 days ago"… */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}
