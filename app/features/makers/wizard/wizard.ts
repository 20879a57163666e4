/**
 * The submission wizard's steps, completion and unlock rules, messages and snippets (issue 11,
 * decision 039). No `.server`: the page renders from the same rules the server enforces.
 */

import type { ProductFormErrors } from "~/domain/product-form/fields";

export const WIZARD_STEPS = [
  { id: "product-info", label: "Product Info", needs: "nothing" },
  { id: "categories", label: "Categories", needs: "nothing" },
  { id: "maker-comments", label: "Maker Comments", needs: "started" },
  { id: "makers", label: "Makers", needs: "started" },
  { id: "embed-badge", label: "Embed Badge", needs: "submitted" },
  { id: "invite", label: "Invite & Share", needs: "submitted" },
  { id: "launch-platforms", label: "Launch Platforms", needs: "submitted" },
] as const;

export type WizardStepId = (typeof WIZARD_STEPS)[number]["id"];
export type Completion = 25 | 50 | 100;

export const MISSING_INFORMATION = "Missing Information: Please start from the beginning to submit your product.";
export const MISSING_DETAILS = "Missing Information: Please fill in all required fields";
export const COMMENT_EMPTY = "Comment Empty: Please enter a comment before saving.";
export const COMMENT_SAVED = "Comment Saved";
export const MAKERS_SAVED = "Makers Saved";
export const DETAILS_SAVED = "Details Saved";
export const COPIED = "Copied to clipboard";
export const CONGRATULATIONS_TITLE = "Congratulations!";
export const CONGRATULATIONS_TEXT =
  "Your product has been successfully submitted and is pending review. We'll notify you once it's approved.";
export const REVISION_NOTE = "This product is live: your changes are reviewed by our team before they replace the public listing.";
export const STEP_LOCKED = "This step opens later in the submission.";
export const NICHE_LOCKED = "Niches already assigned to this product cannot be removed.";
export const SUBMIT_FAILED = "There was an error submitting your product. Please try again.";

/** What the completion and the unlock rules read: the draft product as stored on the server. */
export interface ProgressFacts {
  status: string;
  headline: string | null;
  description: string | null;
  makerComment: string | null;
}

/** Submitted: sent for review at least once (pending), or already decided (live, rejected). */
export function isSubmitted(facts: Pick<ProgressFacts, "status">): boolean {
  return facts.status !== "draft";
}

/** The details of Product Info (headline, description) are stored: the submission has started. */
export function hasStarted(facts: ProgressFacts): boolean {
  return isSubmitted(facts) || (Boolean(facts.headline?.trim()) && Boolean(facts.description?.trim()));
}

/**
 * The spec's bar: 25 for a draft with its basic information, 50 once the submission has started
 * (Product Info saved, or submitted), 100 when the product is submitted and has a maker comment.
 */
export function completionOf(facts: ProgressFacts): Completion {
  if (isSubmitted(facts) && facts.makerComment?.trim()) return 100;
  return hasStarted(facts) ? 50 : 25;
}

export function isStepOpen(step: WizardStepId, facts: ProgressFacts): boolean {
  const needs = WIZARD_STEPS.find((s) => s.id === step)!.needs;
  if (needs === "nothing") return true;
  return needs === "started" ? hasStarted(facts) : isSubmitted(facts);
}

export function parseStep(value: string | null): WizardStepId | null {
  return WIZARD_STEPS.find((s) => s.id === value)?.id ?? null;
}

/**
 * The step a visit shows: the one in the URL when it is open, else where the maker left off
 * (details, then categories, then the maker comment, then the badge).
 */
export function currentStep(requested: WizardStepId | null, facts: ProgressFacts): WizardStepId {
  if (requested && isStepOpen(requested, facts)) return requested;
  if (!hasStarted(facts)) return "product-info";
  if (!isSubmitted(facts)) return "categories";
  return facts.makerComment?.trim() ? "embed-badge" : "maker-comments";
}

export function stepUrl(productId: number, step: WizardStepId): string {
  return `/submit-product-details?product=${productId}&step=${step}`;
}

export function nextStep(step: WizardStepId): WizardStepId | null {
  const index = WIZARD_STEPS.findIndex((s) => s.id === step);
  return WIZARD_STEPS[index + 1]?.id ?? null;
}

export function previousStep(step: WizardStepId): WizardStepId | null {
  const index = WIZARD_STEPS.findIndex((s) => s.id === step);
  return index > 0 ? WIZARD_STEPS[index - 1]!.id : null;
}

/* ------------------------------------------------------------- Embed Badge */

export type BadgeVariant = "light" | "dark";

export interface BadgeLinks {
  appUrl: string;
  siteName: string;
  productName: string;
  slug: string;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function listingUrl({ appUrl, slug }: Pick<BadgeLinks, "appUrl" | "slug">): string {
  return `${appUrl}/resources/${encodeURIComponent(slug)}`;
}

export function badgeImageUrl({ appUrl, slug }: Pick<BadgeLinks, "appUrl" | "slug">, variant: BadgeVariant): string {
  return `${appUrl}/badge/${encodeURIComponent(slug)}.svg${variant === "dark" ? "?theme=dark" : ""}`;
}

function badgeAlt({ productName, siteName }: BadgeLinks): string {
  return `${productName} - Featured on ${siteName}`;
}

/** The HTML a maker pastes into their site: the badge image linking to the listing. */
export function badgeHtml(links: BadgeLinks, variant: BadgeVariant): string {
  return (
    `<a href="${escapeAttribute(listingUrl(links))}" target="_blank" rel="noopener">` +
    `<img src="${escapeAttribute(badgeImageUrl(links, variant))}" alt="${escapeAttribute(badgeAlt(links))}" width="250" height="54" />` +
    `</a>`
  );
}

/** The same badge for READMEs and other Markdown pages. */
export function badgeMarkdown(links: BadgeLinks, variant: BadgeVariant): string {
  const alt = badgeAlt(links).replace(/[[\]\\]/g, (c) => `\\${c}`);
  return `[![${alt}](${badgeImageUrl(links, variant)})](${listingUrl(links)})`;
}

/* ---------------------------------------------------------- Invite & Share */

export interface ShareLink {
  name: string;
  href: string;
}

/** Share links of the spec (Twitter/X, LinkedIn, Reddit); Discord has no share address, so its button copies. */
export function shareLinks(url: string, text: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: "Twitter / X", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
  ];
}

export function shareText(productName: string, siteName: string): string {
  return `Check out ${productName} on ${siteName}!`;
}

/* -------------------------------------------------------- Launch Platforms */

export interface LaunchPlatform {
  name: string;
  description: string;
  url: string;
  logoUrl: string | null;
}

/** Shown when the catalogue has no live products in its marketing-sites subcategory. */
export const BUILT_IN_PLATFORMS: LaunchPlatform[] = [
  { name: "Product Hunt", description: "Launch to a community of early adopters and tech enthusiasts.", url: "https://www.producthunt.com/", logoUrl: null },
  { name: "Hacker News (Show HN)", description: "Show your product to a technical audience.", url: "https://news.ycombinator.com/showhn.html", logoUrl: null },
  { name: "Indie Hackers", description: "Share your product with founders building in public.", url: "https://www.indiehackers.com/products", logoUrl: null },
  { name: "BetaList", description: "Get early users for a product that is just starting out.", url: "https://betalist.com/", logoUrl: null },
  { name: "Reddit r/SideProject", description: "Tell makers and curious users about what you built.", url: "https://www.reddit.com/r/SideProject/", logoUrl: null },
];

/** The subcategory whose live products are the launch platforms (spec: niche indie-hackers). */
export const LAUNCH_SUBCATEGORY_SLUG = "marketing-sites";
export const LAUNCH_PLATFORMS_MAX = 5;

/** Outbound links carry `ref={site}` (rulings), unless they have a ref already. */
export function withRef(address: string, siteName: string): string {
  try {
    const url = new URL(address);
    if (!url.searchParams.has("ref")) url.searchParams.set("ref", siteName.toLowerCase().replace(/[^a-z0-9]+/g, ""));
    return url.href;
  } catch {
    return address;
  }
}

/* ------------------------------------------------------------ Action answers */

/** What a step's post answers when it does not redirect: the messages, or Submit Product's success. */
export type WizardActionData =
  | { intent: string; errors: ProductFormErrors; values?: Record<string, unknown>; toast?: { title: string; description?: string } }
  | { intent: "submit"; submitted: true; revision: boolean };
