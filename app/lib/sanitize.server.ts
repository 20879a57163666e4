import sanitizeHtml from "sanitize-html";

/**
 * Descriptions may hold a small safe subset of HTML: p, br, strong, em, ul, ol, li, and links to
 * http(s) only, which open as nofollow ugc. Everything else is dropped, text kept.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a"],
    allowedAttributes: { a: ["href", "rel", "target"] },
    allowedSchemes: ["http", "https"],
    allowProtocolRelative: false,
    transformTags: {
      b: "strong",
      i: "em",
      a: (tagName, attribs) => ({
        tagName,
        attribs: { href: attribs.href ?? "", rel: "nofollow ugc noopener", target: "_blank" },
      }),
    },
  });
}
