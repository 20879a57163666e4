/**
 * What the wizard page shows for one product and step: the left panel (name, site, completion,
 * open steps) and only the current step's data (taxonomy, makers, badge previews, platforms).
 */
import type { Database } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { renderBadge } from "../badge";
import { detailsView, launchPlatforms, listMakers, progressFacts, type WizardProduct } from "./queries.server";
import { BUILT_IN_PLATFORMS, WIZARD_STEPS, completionOf, currentStep, hasStarted, isStepOpen, isSubmitted, listingUrl, type BadgeVariant, type WizardStepId } from "./wizard";

function badgePreview(siteName: string, productName: string, upvotes: number, theme: BadgeVariant): string {
  const svg = renderBadge({ siteName, productName, upvotes, theme });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

async function stepData(db: Database, product: WizardProduct, step: WizardStepId) {
  const { SITE_NAME: siteName, APP_URL: appUrl } = env();
  switch (step) {
    case "product-info":
    case "categories":
      return { step, ...(await detailsView(db, product, step)) };
    case "maker-comments":
      return { step, makerComment: product.maker_comment ?? "" };
    case "makers":
      return { step, makers: await listMakers(db, product.id, product.submitter_id), submitterId: product.submitter_id };
    case "embed-badge":
      return {
        step,
        links: { appUrl, siteName, productName: product.product_name, slug: product.slug },
        previews: {
          light: badgePreview(siteName, product.product_name, product.upvotes, "light"),
          dark: badgePreview(siteName, product.product_name, product.upvotes, "dark"),
        },
      };
    case "invite":
      return { step, listingUrl: listingUrl({ appUrl, slug: product.slug }), siteName };
    case "launch-platforms": {
      const found = await launchPlatforms(db);
      return { step, siteName, platforms: found.platforms.length ? found.platforms : BUILT_IN_PLATFORMS, seeMoreUrl: found.seeMoreUrl };
    }
  }
}

export async function wizardView(db: Database, product: WizardProduct, requested: WizardStepId | null) {
  const facts = progressFacts(product);
  const step = currentStep(requested, facts);
  const open = Object.fromEntries(WIZARD_STEPS.map((s) => [s.id, isStepOpen(s.id, facts)])) as Record<WizardStepId, boolean>;
  const done: Partial<Record<WizardStepId, boolean>> = {
    "product-info": hasStarted(facts),
    categories: isSubmitted(facts),
    "maker-comments": Boolean(facts.makerComment?.trim()),
  };
  return {
    product: {
      id: product.id,
      slug: product.slug,
      status: product.status,
      name: product.product_name,
      websiteUrl: product.website_url,
      logoUrl: product.logo_url,
      live: product.status === "live",
      pendingChanges: product.pendingChanges,
    },
    completion: completionOf(facts),
    open,
    done,
    current: await stepData(db, product, step),
  };
}
export type WizardView = Awaited<ReturnType<typeof wizardView>>;
