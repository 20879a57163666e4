import type { Route } from "./+types/api.v1.products.$slug";
import { getPublicProduct } from "~/features/catalog/queries/product.server";
import { jsonError, publicJson } from "~/lib/api.server";

/** GET /api/v1/products/{slug}: one live product. */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (!slug || slug.length > 200) return jsonError("Product not found", 404);
  const product = await getPublicProduct(slug);
  if (!product) return jsonError("Product not found", 404);
  return publicJson(product, 60);
}
