const LABELS: Record<string, string> = {
  free: "Free",
  freemium: "Freemium",
  premium: "Premium",
  paid: "Paid",
  subscription: "Subscription",
};

export function pricingLabel(pricing: string | null | undefined): string {
  return (pricing && LABELS[pricing]) || "Pay-as-you-go";
}

export function PricingBadge({ pricing }: { pricing: string | null | undefined }) {
  return (
    <span className="inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground">
      {pricingLabel(pricing)}
    </span>
  );
}
