import { BadgePercentIcon, CheckCircle2Icon, SparklesIcon, TicketIcon, TrendingUpIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { PaymentNotice } from "../requests.server";
import type { PromotableProduct } from "../mutations/orders.server";
import { formatMoney, priceFor } from "../promotion";
import { PaymentNotices } from "./advertise-notices";
import { OrderForm } from "./advertise-order-form";
import { monthsFromSearch } from "./months-stepper";

export interface AdvertisePageProps {
  signedIn: boolean;
  products: PromotableProduct[];
  notice: PaymentNotice | null;
  testMode: boolean;
  errors?: Partial<Record<"productId" | "months" | "form" | "cancel", string>>;
}

const FEATURES = [
  { icon: SparklesIcon, title: "Spotlight placement", text: "Your product appears in the Spotlight on the home page and across the directory." },
  { icon: TrendingUpIcon, title: "More visibility", text: "Reach makers and buyers who browse the directory every day." },
  { icon: UsersIcon, title: "The right audience", text: "Visitors here are looking for tools, apps and communities like yours." },
];

const REASONS = [
  "A placement that starts within 24 hours of payment, usually at once",
  "A fixed price with no bidding and no hidden fees",
  "Secure card payment; your order is confirmed on our server",
  "A receipt by e-mail and the dates of your promotion in My Products",
];

const STEPS = [
  "Choose which of your live products to promote",
  "Pick how many months it runs",
  "Proceed to Checkout and pay securely",
  "We confirm your payment and schedule the placement",
  "Your product shows in the Spotlight until its end date",
];

const OTHER_TYPES = ["Newsletter feature", "Category sponsorship", "Deal of the week"];

export function AdvertisePage({ signedIn, products, notice, testMode, errors }: AdvertisePageProps) {
  // Without JavaScript the stepper comes back as ?months=N&step=... (months-stepper.tsx).
  // useLocation, not useSearchParams: that hook would put its code in every page's JavaScript.
  const searchParams = new URLSearchParams(useLocation().search);
  const [months, setMonths] = useState(() => monthsFromSearch(searchParams));
  const price = priceFor(months);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <div className="flex flex-col gap-10">
      <PaymentNotices notice={notice} cancelError={errors?.cancel} submitting={submitting} />

      <section aria-labelledby="advertise-title" className="rounded-xl border border-primary/30 bg-primary/10 p-6 text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">
          <BadgePercentIcon aria-hidden className="size-4" /> Limited offer: 60% off
        </p>
        <h1 id="advertise-title" className="mt-4 text-3xl font-bold tracking-tight">
          Advertise your product
        </h1>
        <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">
          Put your product in the Spotlight for {formatMoney(price.perMonth)} per month instead of {formatMoney(price.regularPerMonth)}.
        </p>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-xl font-semibold">
          What you get
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-card p-4 text-card-foreground">
              <Icon aria-hidden className="size-6 text-primary" />
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 font-semibold">Other promotion types</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {OTHER_TYPES.map((name) => (
            <li key={name} className="inline-flex items-center gap-2 rounded-md border border-dashed border-border px-3 py-1.5 text-sm text-muted-foreground">
              {name} <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-medium text-foreground">Coming soon</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="reasons-title">
          <h2 id="reasons-title" className="text-xl font-semibold">
            Why partner with us
          </h2>
          <ul className="mt-4 flex flex-col gap-2">
            {REASONS.map((reason) => (
              <li key={reason} className="flex gap-2 text-sm">
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {reason}
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-semibold">How It Works</h2>
          <ol className="mt-4 flex flex-col gap-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-3 text-sm">
                <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  {index + 1}
                </span>
                <span className="pt-1">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step}
                </span>
              </li>
            ))}
          </ol>
          <RedemptionSample />
        </section>

        <OrderForm signedIn={signedIn} products={products} testMode={testMode} errors={errors} months={months} setMonths={setMonths} submitting={submitting} />
      </div>
    </div>
  );
}

function RedemptionSample() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="mt-6">
          <TicketIcon aria-hidden /> See a sample redemption code
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sample redemption code</DialogTitle>
          <DialogDescription>What a redemption code looks like. Codes are valid for 6 months.</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border-2 border-dashed border-primary/50 bg-muted p-6 text-center">
          <p className="text-xs uppercase tracking-wide text-muted-foreground">Spotlight promotion</p>
          <p className="mt-2 font-mono text-2xl font-bold tracking-widest">SPOT-XXXX-XXXX</p>
          <p className="mt-2 text-xs text-muted-foreground">Sample only, not a real code</p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
