import { ArrowLeftIcon, CheckIcon, LockIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { ProductLogo } from "~/domain/components/product-logo";
import { WIZARD_STEPS, stepUrl, type Completion, type WizardStepId } from "../wizard";

interface Props {
  productId: number;
  productName: string;
  websiteUrl: string | null;
  logoUrl: string | null;
  completion: Completion;
  step: WizardStepId;
  open: Record<WizardStepId, boolean>;
  done: Partial<Record<WizardStepId, boolean>>;
  children: React.ReactNode;
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Left: the product, its completion and the steps (locked ones shown as such); right: the step. */
export function WizardShell({ productId, productName, websiteUrl, logoUrl, completion, step, open, done, children }: Props) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside className="flex flex-col gap-5 self-start rounded-lg border bg-card p-4 shadow-sm sm:p-5">
        <Link to="/my-products" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon aria-hidden className="size-4" />
          Back to My Products
        </Link>
        <div className="flex items-center gap-3">
          <ProductLogo key={logoUrl ?? ""} name={productName} src={logoUrl} size={48} outside />
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold" title={productName}>
              {productName}
            </h1>
            {websiteUrl ? (
              <a href={websiteUrl} target="_blank" rel="noopener noreferrer" className="block truncate text-sm text-primary underline-offset-4 hover:underline">
                {websiteLabel(websiteUrl)}
              </a>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-sm">
            <span id="completion-label" className="font-medium">
              Completion
            </span>
            <span aria-hidden>{completion}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="completion-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completion}
            aria-valuetext={`${completion}%`}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${completion}%` }} />
          </div>
        </div>
        <nav aria-label="Submission steps">
          <ol className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-1">
            {WIZARD_STEPS.map((s, index) => {
              const current = s.id === step;
              const label = (
                <>
                  <span
                    aria-hidden
                    className={cn(
                      "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs",
                      current ? "border-primary bg-primary text-primary-foreground" : done[s.id] ? "border-primary text-primary" : "",
                    )}
                  >
                    {open[s.id] ? done[s.id] && !current ? <CheckIcon className="size-3.5" /> : index + 1 : <LockIcon className="size-3.5" />}
                  </span>
                  <span className="truncate">{s.label}</span>
                </>
              );
              return (
                <li key={s.id}>
                  {open[s.id] ? (
                    <Link
                      to={stepUrl(productId, s.id)}
                      aria-current={current ? "step" : undefined}
                      className={cn(
                        "flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent hover:text-accent-foreground",
                        current && "bg-accent font-medium text-accent-foreground",
                      )}
                    >
                      {label}
                    </Link>
                  ) : (
                    <button type="button" disabled className="flex min-h-10 w-full cursor-not-allowed items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-muted-foreground">
                      {label}
                      <span className="sr-only">(locked)</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
