import { z } from "zod";
import { PRICINGS, type Pricing } from "~/lib/constants";

export function normalizePricing(value: string | undefined | null): { pricing: Pricing; mapped: boolean } {
  const v = (value ?? "").trim().toLowerCase();
  if ((PRICINGS as readonly string[]).includes(v)) return { pricing: v as Pricing, mapped: false };
  return { pricing: "free", mapped: v !== "" };
}

/** Adds https:// when a URL has no scheme, as the spec's product form does. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return trimmed;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
}

/** Tags: trimmed, duplicates ignored (case-insensitively), at most 10. */
export function normalizeTags(raw: string[] | string | undefined | null, max = 10): { tags: string[]; dropped: number } {
  const list = Array.isArray(raw) ? raw : (raw ?? "").split(",");
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of list) {
    const tag = item.trim().slice(0, 60);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return { tags: tags.slice(0, max), dropped: Math.max(0, tags.length - max) };
}

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v ? withScheme(v) : ""))
  .refine((v) => v === "" || isHttpUrl(v), "Please enter a valid URL");

/** A product row coming from outside (CSV, API): the spec's product-form rules. */
export const importedProductSchema = z.object({
  product_name: z
    .string({ error: "Product name is required" })
    .trim()
    .min(1, "Product name is required")
    .min(3, "Product name must be at least 3 characters")
    .max(200, "Product name must be at most 200 characters"),
  headline: z.string().trim().min(5, "Headline must be at least 5 characters").max(300, "Headline must be at most 300 characters"),
  tagline: z.string().trim().max(300, "Tagline must be at most 300 characters"),
  description: z
    .string()
    .trim()
    .min(50, "Description must be at least 50 characters")
    .max(20_000, "Description must be at most 20,000 characters"),
  website_url: z
    .string()
    .trim()
    .min(1, "Website URL is required")
    .transform(withScheme)
    .refine(isHttpUrl, "Please enter a valid URL"),
  logo_url: optionalUrl,
});

export type ImportedProduct = z.output<typeof importedProductSchema>;
