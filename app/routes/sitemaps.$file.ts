import type { Route } from "./+types/sitemaps.$file";
import { parseSitemapFileName, sitemapFile } from "~/features/seo/queries.server";

export async function loader({ params }: Route.LoaderArgs) {
  const parsed = parseSitemapFileName(params.file);
  const body = parsed ? await sitemapFile(parsed.kind, parsed.page) : null;
  if (body === null) {
    return new Response("Not Found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  }
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
