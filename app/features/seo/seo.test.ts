import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Meta, Outlet, createRoutesStub, type MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import {
  breadcrumbListLd,
  jsonLd,
  listPageMeta,
  metaDescription,
  seoMeta,
  serializeJsonLd,
  softwareApplicationLd,
  META_DESCRIPTION_MAX,
} from "./seo";
import { stripHtml, truncateText } from "~/lib/text";

const url = "https://toolnest.example/resources/acme";

function find(tags: MetaDescriptor[], key: string, value: string) {
  return tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

/** Renders descriptors the way the app does: through React Router's `<Meta />` on the server. */
function renderHead(descriptors: MetaDescriptor[]): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      meta: () => descriptors,
      Component: () => createElement("head", null, createElement(Meta), createElement(Outlet)),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe("seoMeta", () => {
  const description = "<p>Acme builds <strong>rockets</strong> &amp; roller skates.</p>";
  const tags = seoMeta({ title: "Acme | Toolnest", description, url, image: "/logos/acme.png", siteName: "Toolnest" });

  it("has the title, canonical link, Open Graph and Twitter tags", () => {
    expect(tags).toContainEqual({ title: "Acme | Toolnest" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: url });
    expect(find(tags, "property", "og:title")?.content).toBe("Acme | Toolnest");
    expect(find(tags, "property", "og:url")?.content).toBe(url);
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "property", "og:site_name")?.content).toBe("Toolnest");
    expect(find(tags, "property", "og:image")?.content).toBe("https://toolnest.example/logos/acme.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "twitter:title")?.content).toBe("Acme | Toolnest");
    expect(find(tags, "name", "twitter:image")?.content).toBe("https://toolnest.example/logos/acme.png");
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("strips HTML from the description", () => {
    const text = "Acme builds rockets & roller skates.";
    expect(find(tags, "name", "description")?.content).toBe(text);
    expect(find(tags, "property", "og:description")?.content).toBe(text);
    expect(find(tags, "name", "twitter:description")?.content).toBe(text);
  });

  it("uses a summary card without an image, and noindex when asked", () => {
    const plain = seoMeta({ title: "Search", description: "", url, siteName: "Toolnest", type: "article", noindex: true });
    expect(find(plain, "name", "twitter:card")?.content).toBe("summary");
    expect(find(plain, "property", "og:image")).toBeUndefined();
    expect(find(plain, "name", "description")).toBeUndefined();
    expect(find(plain, "property", "og:type")?.content).toBe("article");
    expect(find(plain, "name", "robots")?.content).toBe("noindex");
  });

  it("renders through <Meta /> with the canonical link in the head", () => {
    const html = renderHead(tags);
    expect(html).toContain("<title>Acme | Toolnest</title>");
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html).toContain('<meta property="og:url" content="https://toolnest.example/resources/acme"/>');
    expect(html).toContain('<meta name="description" content="Acme builds rockets &amp; roller skates."/>');
  });
});

describe("description trimming", () => {
  const long =
    "Toolnest collects the software tools, apps, web apps and online communities that makers use every day, " +
    "sorted into niches and subcategories so that anyone can find the right one quickly and compare alternatives.";

  it("keeps short text as is", () => {
    expect(metaDescription("Short and sweet.")).toBe("Short and sweet.");
  });

  it("cuts long text to at most 160 characters at a word boundary", () => {
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.length).toBeGreaterThan(100);
    expect(cut.endsWith("…")).toBe(true);
    const words = cut.slice(0, -1);
    expect(long.startsWith(words)).toBe(true);
    expect(long[words.length]).toMatch(/[\s,]/);
  });

  it("cuts a single long word hard rather than returning nothing", () => {
    const cut = truncateText("x".repeat(400), META_DESCRIPTION_MAX);
    expect(cut).toHaveLength(160);
    expect(cut.endsWith("x…")).toBe(true);
  });

  it("strips scripts, comments and tags, decodes entities, collapses whitespace", () => {
    expect(stripHtml("<script>alert(1)</script><!-- c --><h1>Hi</h1>\n\n<p>a &lt; b &#38; c&nbsp;d &#x2014; e</p>")).toBe(
      "Hi a < b & c d — e",
    );
    expect(stripHtml("1 < 2 and 3 > 2")).toBe("1 < 2 and 3 > 2");
    expect(stripHtml(null)).toBe("");
  });
});

describe("JSON-LD", () => {
  const evil = "</script><script>alert(1)</script>";

  it("cannot break out of the script element when rendered by <Meta />", () => {
    const ld = softwareApplicationLd({ name: evil, description: `Acme & ${evil}`, url, pricing: "free" });
    const html = renderHead([jsonLd(ld)]);
    const scripts = html.match(/<script\b/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const body = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(body).toBeDefined();
    expect(body).not.toMatch(/[<>]/);
    // The data survives: a JSON parser reads the escapes back.
    expect(JSON.parse(body!)).toMatchObject({ "@type": "SoftwareApplication", name: evil });
  });

  it("serializeJsonLd escapes the same way for hand-written script tags", () => {
    const json = serializeJsonLd({ name: evil, note: "a & b \u2028" });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: evil, note: "a & b \u2028" });
  });

  it("describes a free product with an Offer of price 0 and no rating without reviews", () => {
    const ld = softwareApplicationLd({
      name: "Acme",
      description: "<p>Rockets</p>",
      url,
      image: "https://cdn.example/acme.png",
      applicationCategory: "BusinessApplication",
      pricing: "freemium",
      aggregateRating: { ratingValue: 0, reviewCount: 0 },
    });
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: "Acme",
      description: "Rockets",
      url,
      image: "https://cdn.example/acme.png",
      applicationCategory: "BusinessApplication",
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD", url },
    });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(softwareApplicationLd({ name: "Acme", url })).not.toHaveProperty("aggregateRating");
  });

  it("includes the rating when there are reviews, and no offer for paid products", () => {
    const ld = softwareApplicationLd({
      name: "Acme",
      url,
      pricing: "premium",
      aggregateRating: { ratingValue: 4.333333, reviewCount: 3 },
    });
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld).not.toHaveProperty("offers");
  });

  it("builds a BreadcrumbList with positions from 1", () => {
    const ld = breadcrumbListLd([
      { name: "Home", url: "https://toolnest.example/" },
      { name: "Marketing", url: "https://toolnest.example/niche/marketing" },
      { name: "Acme", url },
    ]);
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://toolnest.example/" },
        { "@type": "ListItem", position: 2, name: "Marketing", item: "https://toolnest.example/niche/marketing" },
        { "@type": "ListItem", position: 3, name: "Acme", item: url },
      ],
    });
    expect(jsonLd(ld)).toEqual({ "script:ld+json": ld });
  });
});

describe("listPageMeta", () => {
  const site = { appUrl: "https://toolnest.example", siteName: "Toolnest" };
  const breadcrumbs = [{ name: "Home", href: "/" }, { name: "Writing", href: "/niche/writing" }, { name: "Notes" }];

  it("titles the page after its heading and the site, and gives the trail from Home to the canonical URL", () => {
    const tags = listPageMeta({ ...site, title: "Notes for Experts and Beginners", breadcrumbs }, { path: "/niche/writing/subcategory/notes", description: "Notes." });
    expect(tags).toContainEqual({ title: "Notes for Experts and Beginners | Toolnest" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://toolnest.example/niche/writing/subcategory/notes" });
    const trail = [
      { name: "Home", url: "https://toolnest.example/" },
      { name: "Writing", url: "https://toolnest.example/niche/writing" },
      { name: "Notes", url: "https://toolnest.example/niche/writing/subcategory/notes" },
    ];
    expect(tags.at(-1)).toEqual(jsonLd(breadcrumbListLd(trail)));
  });

  it("takes another title when the page's differs from its heading", () => {
    const tags = listPageMeta({ ...site, title: "Heading", breadcrumbs }, { path: "/tag/x", description: "", title: "Other" });
    expect(tags).toContainEqual({ title: "Other | Toolnest" });
  });
});
