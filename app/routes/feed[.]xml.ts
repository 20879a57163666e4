import { rssFeed } from "~/features/feed/queries.server";

export async function loader() {
  return new Response(await rssFeed(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
