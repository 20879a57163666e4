import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { Button } from "~/components/ui/button";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { SearchResultCard } from "~/features/search/components/search-result-card";
import { normalizeQuery, searchProducts } from "~/features/search/queries.server";
import { seoMeta } from "~/features/seo/seo";
import { env } from "~/lib/env.server";

export async function loader({ request }: Route.LoaderArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  const { SITE_NAME, APP_URL } = env();
  const results = q ? (await searchProducts(q, { limit: 40 })).items : [];
  return { q, results, siteName: SITE_NAME, appUrl: APP_URL };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({
    title: data.q ? `Search Results for "${data.q}" | ${data.siteName}` : `Search Products | ${data.siteName}`,
    description: `Search ${data.siteName} for software tools, apps and communities.`,
    url: `${data.appUrl}/search`,
    siteName: data.siteName,
    noindex: !!data.q,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold break-words">{q ? `Search Results for "${q}"` : "Search Products"}</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("q") as HTMLInputElement;
          if (!input.value.trim()) event.preventDefault();
          else input.value = input.value.trim();
        }}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search products
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q ?? ""}
          key={q ?? ""}
          maxLength={200}
          placeholder="Search tools, apps and communities"
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm"
        />
        <Button type="submit">Search</Button>
      </Form>
      {/* Only a short status is announced: a live region around the whole list would read every result out. */}
      <p role="status" className="sr-only">
        {searching ? "Searching..." : q ? `${results.length} ${results.length === 1 ? "result" : "results"} for "${q}"` : ""}
      </p>
      <div aria-busy={searching}>
        {searching ? <p className="text-muted-foreground">Searching...</p> : null}
        {q && results.length === 0 ? (
          <div className="rounded-xl border p-8 text-center">
            <h2 className="text-lg font-semibold">No results found</h2>
            <p className="mt-1 text-muted-foreground">We couldn&apos;t find any resources matching your search.</p>
            <Link to="/" className="mt-3 inline-block font-medium text-primary underline">
              Browse all resources
            </Link>
          </div>
        ) : null}
        {results.length ? (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-1" aria-label="Search results">
            {results.map((product) => (
              <li key={product.id}>
                <SearchResultCard product={product} actions={cardEngagement(product)} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
