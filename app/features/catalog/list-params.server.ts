import { z } from "zod";
import type { ListFilter } from "./list.server";
import { AI_CATEGORY_SLUG } from "./ai-category";
import {
  aiSubcategoryIds,
  getPublishedNiche,
  getPublishedSubcategory,
  type NicheRef,
} from "./taxonomy-queries.server";

const slug = z.string().trim().min(1).max(200);

export const listQuerySchema = z.object({
  niche: slug.optional(),
  subcategory: slug.optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 100" }).int("must be a whole number from 1 to 100").min(1, "must be a whole number from 1 to 100").max(100, "must be a whole number from 1 to 100").default(20),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export class ParameterError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads list parameters from a URL; repeated parameters are an error, not a guess. */
export function parseListQuery(url: URL): ListQuery {
  const raw: Record<string, string> = {};
  for (const key of ["niche", "subcategory", "tag", "cursor", "limit"]) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) throw new ParameterError(key, "must be given once");
    if (values.length === 1 && values[0] !== "") raw[key] = values[0]!;
  }
  const parsed = listQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ParameterError(String(issue.path[0] ?? "query"), issue.message);
  }
  return parsed.data;
}

export interface ResolvedFilter {
  filter: ListFilter;
  niche?: NicheRef;
  subcategory?: NicheRef;
}

/** Turns slugs into ids: the AI pseudo-category, a parent subcategory with its children, a niche. */
export async function resolveListFilter(query: Pick<ListQuery, "niche" | "subcategory" | "tag">): Promise<ResolvedFilter> {
  const result: ResolvedFilter = { filter: {} };
  if (query.niche) {
    const niche = await getPublishedNiche(query.niche);
    if (!niche) throw new ParameterError("niche", "no published niche has this slug");
    result.niche = niche;
    result.filter.nicheId = niche.id;
  }
  if (query.subcategory === AI_CATEGORY_SLUG) {
    result.filter.subcategoryIds = await aiSubcategoryIds();
  } else if (query.subcategory) {
    const subcategory = await getPublishedSubcategory(query.subcategory);
    if (!subcategory) throw new ParameterError("subcategory", "no published subcategory has this slug");
    result.subcategory = subcategory;
    result.filter.subcategoryIds = [subcategory.id, ...subcategory.childIds];
  }
  if (query.tag) result.filter.tag = query.tag;
  return result;
}
