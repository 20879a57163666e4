/**
 * How a maker's own product shows its status (My Products, the profile's product list): the spec's
 * badge colours (Draft grey, Pending yellow, Live green, Rejected red), each pair at least 4.5:1 in
 * light and dark (Tailwind's 100/900 and 950/100 shades), and the "Added on" date.
 */
import { lazyFormat } from "~/lib/format";

const STATUS: Record<string, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100" },
  pending: { label: "Pending", className: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100" },
  live: { label: "Live", className: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" },
  rejected: { label: "Rejected", className: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" },
};

/** The badge's label and classes for a product status (an unknown status reads as itself, in grey). */
export function productStatusBadge(status: string): { label: string; className: string } {
  return STATUS[status] ?? { label: status, className: STATUS.draft!.className };
}

const addedFormat = lazyFormat(() => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }));

/** "Nov 23, 2026": the day a product was added, in UTC so server and browser agree. */
export function formatAddedOn(date: string | Date): string {
  return addedFormat().format(new Date(date));
}
