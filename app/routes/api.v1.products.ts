import type { Route } from "./+types/api.v1.products";
import { InvalidCursorError, listProducts } from "~/features/catalog/queries/list.server";
import { ParameterError, parseListQuery, resolveListFilter } from "~/features/catalog/requests.server";
import { parameterError, publicJson } from "~/lib/api.server";

/** GET /api/v1/products?niche=&subcategory=&tag=&cursor=&limit= */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const query = parseListQuery(new URL(request.url));
    const { filter } = await resolveListFilter(query);
    const page = await listProducts(filter, { cursor: query.cursor, limit: query.limit });
    return publicJson(page, 30);
  } catch (error) {
    if (error instanceof ParameterError) return parameterError(error.parameter, error.message);
    if (error instanceof InvalidCursorError) return parameterError("cursor", error.message);
    throw error;
  }
}
