import type { Route } from "./+types/badge.$file";
import { badgeSlug, badgeTheme } from "~/features/makers/badge";
import { badgeResponse } from "~/features/makers/requests.server";

/**
 * GET /badge/{slug}.svg: the embeddable "Featured on" badge of a public product with its upvote
 * count (issue 11, Embed Badge). `?theme=dark` gives the dark variant; a query rather than a
 * `-dark.svg` name, since a slug may itself end in "-dark". Anything but a public product's
 * `{slug}.svg` answers 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = badgeSlug(params.file);
  const theme = badgeTheme(new URL(request.url).searchParams.get("theme"));
  return badgeResponse(slug, theme, request.headers.get("If-None-Match"));
}
