/**
 * The answer of POST /ai/draft (decision 048), client-safe: what the Draft with AI button fills
 * into a product form. Nothing in it is saved until the person saves the form.
 */

export const AI_DRAFT_PATH = "/ai/draft";

export interface DraftTaxon {
  id: number;
  name: string;
}

export interface ListingDraft {
  productName: string;
  headline: string;
  tagline: string;
  /** In the engine's content format (plain text, or simple HTML already sanitized). */
  description: string;
  tags: string[];
  niches: DraftTaxon[];
  subcategories: DraftTaxon[];
}

export type AiDraftAnswer =
  | { ok: true; draft: ListingDraft; source: "offline" | "provider"; format: "plain" | "html" }
  | { ok: false; error: string };

/** The form fields a draft fills, as the product forms name them. */
export const DRAFT_TEXT_FIELDS = ["productName", "headline", "tagline", "description"] as const;
export type DraftField = (typeof DRAFT_TEXT_FIELDS)[number] | "features" | "taxonomy";

export const DRAFT_FIELD_LABELS: Record<DraftField, string> = {
  productName: "Product Name",
  headline: "Headline",
  tagline: "Tagline",
  description: "Description",
  features: "Features (tags)",
  taxonomy: "Niches and Subcategories",
};
