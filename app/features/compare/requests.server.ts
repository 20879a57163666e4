import { data, redirect } from "react-router";
import { comparePath, parseCompareSlugs, type ComparedProduct } from "./compare";
import { comparedProducts } from "./queries.server";

/**
 * `/compare/{a}-vs-{b}[-vs-{c}]`: two or three live products side by side. Another order of the
 * same products answers 301 to the canonical (alphabetical) address; a malformed list 400; a
 * product that is not live 404, as its own page would.
 */
export async function compareLoader(segment: string): Promise<{ products: ComparedProduct[] }> {
  const parsed = parseCompareSlugs(segment);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const canonical = comparePath(parsed.slugs);
  if (`/compare/${segment}` !== canonical) throw redirect(canonical, 301);
  const products = await comparedProducts(parsed.slugs);
  if (products.length !== parsed.slugs.length) {
    throw data({ message: "A product in this comparison doesn't exist or has been removed." }, { status: 404 });
  }
  return { products };
}
