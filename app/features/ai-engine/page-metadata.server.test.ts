import { describe, expect, it } from "vitest";
import { extractPageMetadata, isEmptyPage } from "./page-metadata.server";

describe("what a home page says about itself", () => {
  it("reads title, meta and Open Graph tags, keywords, headings and paragraphs, with entities decoded", () => {
    const meta = extractPageMetadata(
      `<html><head><title>Acme &amp; Co &#8211; Rockets</title>
       <meta content='Rockets for everyone &quot;fast&quot;' name='description'>
       <META PROPERTY="og:site_name" CONTENT="Acme">
       <meta name="twitter:title" content="Acme rockets">
       <meta name="keywords" content="rockets, space , , launch">
       <style>h1 { color: red }</style></head>
       <body><!-- <h1>Hidden</h1> --><h1>Reach <em>orbit</em></h1><h2>Reach orbit</h2>
       <script>var s = "<p>not a paragraph that is long enough to count as one</p>";</script>
       <p>Short.</p><p>Acme builds reusable rockets that anyone can book, from a single seat to a full payload.</p></body></html>`,
      "https://acme.example/",
    );
    expect(meta).toMatchObject({
      title: "Acme & Co – Rockets",
      description: 'Rockets for everyone "fast"',
      siteName: "Acme",
      ogTitle: "Acme rockets",
      keywords: ["rockets", "space", "launch"],
      headings: ["Reach orbit"],
      paragraphs: ["Acme builds reusable rockets that anyone can book, from a single seat to a full payload."],
    });
    expect(isEmptyPage(meta)).toBe(false);
  });

  it("finds nothing in a page without text", () => {
    expect(isEmptyPage(extractPageMetadata("<html><body><div></div></body></html>", "https://x.example/"))).toBe(true);
  });
});
