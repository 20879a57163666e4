import { useEffect, useRef } from "react";
import type { ProductFormErrors, ProductFormValues } from "~/domain/product-form/fields";
import { useSiteEnv } from "~/domain/root-data";
import { REVISION_NOTE, type WizardActionData } from "../wizard";
import type { WizardView } from "../step-view.server";
import { CategoriesStep } from "./categories-step";
import { EmbedBadgeStep } from "./embed-badge-step";
import { InviteStep } from "./invite-step";
import { LaunchPlatformsStep } from "./launch-platforms-step";
import { MakerCommentsStep } from "./maker-comments-step";
import { MakersStep } from "./makers-step";
import { ProductInfoStep } from "./product-info-step";
import { WizardShell } from "./wizard-shell";

interface Props {
  view: WizardView;
  answer: WizardActionData | undefined;
}

/** The wizard: the left panel and the current step; a refused post's messages go to its step. */
export function WizardPage({ view, answer }: Props) {
  const { product, current } = view;
  const { SITE_NAME } = useSiteEnv();
  const refused = answer && "errors" in answer ? answer : undefined;
  const errorsFor = (intent: string): ProductFormErrors | undefined => (refused?.intent === intent ? refused.errors : undefined);
  const submitted = answer && "submitted" in answer ? { revision: answer.revision } : undefined;

  // After moving to another step, its heading takes the focus (as a new page's would).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("wizard-step-heading")?.focus();
  }, [current.step]);

  let step: React.ReactNode;
  switch (current.step) {
    case "product-info": {
      const values = refused?.intent === "product-info" && refused.values ? (refused.values as unknown as ProductFormValues) : current.values;
      step = <ProductInfoStep key={JSON.stringify(values)} values={values} errors={errorsFor("product-info")} live={product.live} />;
      break;
    }
    case "categories": {
      const values = refused?.intent === "submit" && refused.values ? (refused.values as unknown as ProductFormValues) : current.values;
      step = (
        <CategoriesStep
          key={JSON.stringify(values.selectedCategories)}
          productId={product.id}
          values={values}
          taxonomy={current.taxonomy!}
          lockedNicheIds={current.lockedNicheIds ?? []}
          errors={errorsFor("submit")}
          submitted={submitted}
          live={product.live}
        />
      );
      break;
    }
    case "maker-comments":
      step = <MakerCommentsStep key={current.makerComment} productId={product.id} makerComment={current.makerComment} errors={errorsFor("maker-comment")} live={product.live} />;
      break;
    case "makers":
      step = (
        <MakersStep
          key={current.makers.map((m) => m.id).join()}
          productId={product.id}
          makers={current.makers}
          submitterId={current.submitterId}
          errors={errorsFor("makers")}
          badgeOpen={view.open["embed-badge"]}
        />
      );
      break;
    case "embed-badge":
      step = <EmbedBadgeStep productId={product.id} links={current.links} previews={current.previews} live={product.live} />;
      break;
    case "invite":
      step = <InviteStep productId={product.id} productName={product.name} siteName={current.siteName} listingUrl={current.listingUrl} live={product.live} />;
      break;
    case "launch-platforms":
      step = <LaunchPlatformsStep productId={product.id} siteName={SITE_NAME} platforms={current.platforms} seeMoreUrl={current.seeMoreUrl} />;
      break;
  }

  return (
    <WizardShell
      productId={product.id}
      productName={product.name}
      websiteUrl={product.websiteUrl}
      logoUrl={product.logoUrl}
      completion={view.completion}
      step={current.step}
      open={view.open}
      done={view.done}
    >
      {product.pendingChanges ? (
        <p role="status" className="mb-4 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          Changes pending review. {REVISION_NOTE}
        </p>
      ) : null}
      {step}
    </WizardShell>
  );
}
