import { z } from "zod";
import type { Route } from "./+types/api.v1.search";
import { MAX_SEARCH_LIMIT, MAX_SEARCH_RESULTS, searchProducts } from "~/features/search/queries.server";
import { parameterError, publicJson } from "~/lib/api.server";

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`;
const CURSOR_MESSAGE = "must be a nextCursor from an earlier page";

/** Each parameter at most once; a value that is absent or empty means the default. */
const single = (message: string) =>
  z
    .array(z.string())
    .max(1, message)
    .transform((values) => (values[0] === "" ? undefined : values[0]));

const searchParamsSchema = z.object({
  q: single("must be a single string"),
  limit: single(LIMIT_MESSAGE).pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(MAX_SEARCH_LIMIT, LIMIT_MESSAGE))
      .default(20),
  ),
  cursor: single(CURSOR_MESSAGE).pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, CURSOR_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, CURSOR_MESSAGE).max(MAX_SEARCH_RESULTS - 1, CURSOR_MESSAGE))
      .optional(),
  ),
});

/**
 * GET /api/v1/search?q=&limit=&cursor=
 * `{ items: ProductCard[], nextCursor }`. The cursor is the offset of the next page as a string
 * ("20"), null on the last page; results are ranked, so paging goes at most MAX_SEARCH_RESULTS
 * deep. A blank q answers an empty list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = searchParamsSchema.safeParse({
    q: params.getAll("q"),
    limit: params.getAll("limit"),
    cursor: params.getAll("cursor"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return parameterError(String(issue.path[0] ?? "q"), issue.message);
  }
  const { q, limit, cursor } = parsed.data;
  const result = await searchProducts(q ?? "", { limit, offset: cursor ?? 0 });
  return publicJson({ items: result.items, nextCursor: result.nextOffset === null ? null : String(result.nextOffset) }, 60);
}
