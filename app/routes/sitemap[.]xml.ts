import { sitemapIndex } from "~/features/seo/queries.server";

export async function loader() {
  return new Response(await sitemapIndex(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
