import { redirect } from "react-router";
import type { Route } from "./+types/product-redirect";
import { notFound } from "~/features/catalog/requests.server";
import { getPublicSlugById } from "~/features/catalog/queries/product.server";

/** /product/{id} and /product-details/{id}: permanent redirects to the canonical product page. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const slug = /^\d{1,10}$/.test(params.id) && id > 0 && id <= 2_147_483_647 ? await getPublicSlugById(id) : undefined;
  if (!slug) notFound("The product you're looking for doesn't exist or has been removed.");
  throw redirect(`/resources/${slug}`, 301);
}

export { ErrorBoundary } from "./product";

export default function ProductRedirect() {
  return null;
}
