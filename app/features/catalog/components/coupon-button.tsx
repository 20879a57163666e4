import { Ticket } from "lucide-react";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";

export function couponExpired(expiry: string | null, now = new Date()) {
  return !!expiry && new Date(expiry).getTime() < now.getTime();
}

/** Copies the coupon code (or its URL); disabled and reading Expired Now once past its date. */
export function CouponButton({ text, code, url, expiry }: { text: string | null; code: string | null; url: string | null; expiry: string | null }) {
  const expired = couponExpired(expiry);
  const value = code || url;
  if (!value) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success("Copied to clipboard");
    } catch {
      notify.error(`Your code: ${value}`);
    }
  };
  return (
    <Button variant="secondary" onClick={copy} disabled={expired} aria-label={expired ? "Coupon expired" : `Copy coupon: ${text ?? value}`}>
      <Ticket aria-hidden />
      {expired ? "Expired Now" : text || "Get coupon"}
    </Button>
  );
}
