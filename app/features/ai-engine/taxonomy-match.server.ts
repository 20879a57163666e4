/**
 * The offline matcher: a niche or subcategory of the published taxonomy (`publishedTaxonomy`,
 * queries.server.ts) is suggested when every significant word of its name occurs in the page's words.
 */
import type { DraftTaxon } from "~/domain/product-form/ai-draft";
import type { PublishedTaxonomy } from "./queries.server";

const STOP = new Set(["and", "the", "for", "with", "of", "to", "in", "on", "a", "an", "or", "&", "all", "other", "resources", "tools", "tool"]);

/** Lower-case words, a trailing plural "s" dropped, so "Notes" meets "note". */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

function significant(name: string): string[] {
  return words(name).filter((word) => !STOP.has(word) && word.length > 1);
}

/** The names whose significant words all occur in `text`, most specific (most words, most hits) first. */
function matching<T extends DraftTaxon>(options: T[], pageWords: Map<string, number>, max: number): T[] {
  const scored: { option: T; score: number }[] = [];
  for (const option of options) {
    const parts = significant(option.name);
    if (!parts.length || !parts.every((part) => pageWords.has(part))) continue;
    scored.push({ option, score: parts.length * 100 + parts.reduce((sum, part) => sum + (pageWords.get(part) ?? 0), 0) });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.option.name.localeCompare(b.option.name))
    .slice(0, max)
    .map((entry) => entry.option);
}

export function suggestTaxonomy(text: string, taxonomy: PublishedTaxonomy): { niches: DraftTaxon[]; subcategories: DraftTaxon[] } {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const subcategories = matching(taxonomy.subcategories, counts, 5);
  const niches = matching(taxonomy.niches, counts, 3);
  // A subcategory's niche is suggested with it when no niche matched by name.
  if (!niches.length) {
    for (const sub of subcategories) {
      const niche = taxonomy.niches.find((n) => sub.nicheIds.includes(n.id));
      if (niche && !niches.some((n) => n.id === niche.id)) niches.push(niche);
      if (niches.length >= 3) break;
    }
  }
  return { niches: niches.map(({ id, name }) => ({ id, name })), subcategories: subcategories.map(({ id, name }) => ({ id, name })) };
}

/** Maps names a model chose back to published rows (case-insensitive); unknown names are dropped. */
export function resolveNames<T extends DraftTaxon>(names: readonly string[], options: T[], max: number): DraftTaxon[] {
  const byName = new Map(options.map((option) => [option.name.trim().toLowerCase(), option]));
  const found: DraftTaxon[] = [];
  for (const name of names) {
    const option = byName.get(name.trim().toLowerCase());
    if (option && !found.some((f) => f.id === option.id)) found.push({ id: option.id, name: option.name });
    if (found.length >= max) break;
  }
  return found;
}
