import { nichesWithCounts, subcategoriesWithCounts } from "~/features/catalog/queries/taxonomy.server";
import { publicJson } from "~/lib/api.server";

/** GET /api/v1/niches: published niches with live products, each with its subcategories and counts. */
export async function loader() {
  const niches = await nichesWithCounts();
  const items = await Promise.all(
    niches.map(async (niche) => ({ ...niche, subcategories: await subcategoriesWithCounts(niche.id) })),
  );
  return publicJson({ items }, 60);
}
