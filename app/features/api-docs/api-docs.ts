/** The public API, described once: served as OpenAPI 3.1 and rendered as the /api-docs page. */
const productCard = {
  type: "object",
  required: ["id", "slug", "product_name", "tagline", "website_url", "logo_url", "pricing", "tags", "upvotes"],
  properties: {
    id: { type: "integer" },
    slug: { type: "string" },
    product_name: { type: "string" },
    tagline: { type: ["string", "null"] },
    description: { type: ["string", "null"], description: "The first 300 characters." },
    website_url: { type: ["string", "null"], format: "uri" },
    logo_url: { type: ["string", "null"], format: "uri" },
    pricing: { type: "string", enum: ["free", "freemium", "premium", "paid", "subscription"] },
    tags: { type: "array", items: { type: "string" } },
    upvotes: { type: "integer" },
    is_advertised: { type: "boolean" },
    created_at: { type: "string", format: "date-time" },
  },
} as const;

/** A review or reply; `replies` only on reviews. */
const review = {
  type: "object",
  properties: {
    id: { type: "integer" },
    comment: { type: "string", description: "Plain text as typed; render it escaped." },
    rating: { type: "integer", minimum: 1, maximum: 5 },
    created_at: { type: "string", format: "date-time" },
    parent_id: { type: ["integer", "null"] },
    author: {
      type: "object",
      properties: { id: { type: "string" }, username: { type: ["string", "null"] }, avatar_url: { type: ["string", "null"] }, career: { type: ["string", "null"] } },
    },
    replies: { type: "array", items: { type: "object" } },
  },
} as const;

const error = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["message"],
      properties: { parameter: { type: "string", description: "The parameter at fault." }, message: { type: "string" } },
    },
  },
} as const;

const page = {
  type: "object",
  required: ["items", "nextCursor"],
  properties: {
    items: { type: "array", items: { $ref: "#/components/schemas/ProductCard" } },
    nextCursor: { type: ["string", "null"], description: "Pass as `cursor` for the next page; null on the last page." },
  },
} as const;

const integer = { type: "integer" } as const;
const boolean = { type: "boolean" } as const;
const taxonomyItem = { id: integer, name: { type: "string" }, slug: { type: "string" }, count: integer } as const;

/** `{ "items": [ { ...properties } ] }`, the shape of the API's list answers. */
const listOf = (properties: Record<string, unknown>) => ({
  type: "object",
  properties: { items: { type: "array", items: { type: "object", properties } } },
});

const limit = (max: number, fallback: number) => ({
  name: "limit",
  in: "query",
  schema: { type: "integer", minimum: 1, maximum: max, default: fallback },
});
const json = (schema: object, description: string) => ({ description, content: { "application/json": { schema } } });
/** An answer with the API's error shape. */
const problem = (description: string) => json({ $ref: "#/components/schemas/Error" }, description);
const badRequest = problem("A parameter is invalid; `error.parameter` names it.");
const productIdParameter = [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }];
/** What the page's beacons (click-out, view) are refused with. */
const beaconRefusals = {
  400: problem("Invalid Product ID"),
  404: problem("Product not found in database"),
  429: problem("Too many requests from this address; see Retry-After."),
};

/** PUT and DELETE of an upvote or a save by the signed-in user (session cookie, same-origin). */
function engagementToggle(noun: "upvote" | "save", state: "upvoted" | "bookmarked", count: "upvotes" | "bookmarks") {
  const answer = json(
    {
      type: "object",
      required: [state, count, "changed"],
      properties: {
        [state]: { type: "boolean" },
        [count]: { type: "integer", description: "The product's count after this request." },
        changed: { type: "boolean", description: `False when the ${noun} was already in the requested state.` },
      },
    },
    "The new state and count.",
  );
  const refusals = {
    400: problem("Invalid Product ID"),
    401: problem("Not signed in."),
    403: problem("A cross-site request (Origin is not this site)."),
    404: problem("Product not found in database (missing or not live)."),
    429: problem("Too many writes from this user or address; see Retry-After."),
  };
  const description =
    "Signed-in users only (the session cookie; a browser request must come from this site). Idempotent. Limited per user (60 a minute) and per address.";
  return {
    put: { summary: noun === "upvote" ? "Upvote a product" : "Save (bookmark) a product", description, parameters: productIdParameter, responses: { 200: answer, ...refusals } },
    delete: { summary: noun === "upvote" ? "Withdraw an upvote" : "Remove a save", description, parameters: productIdParameter, responses: { 200: answer, ...refusals } },
  };
}

export function openApiDocument(appUrl: string, siteName: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1",
      description:
        "Read the public catalogue: live products, their niches and subcategories, and search. Signed-in users can also upvote and save products.",
    },
    servers: [{ url: `${appUrl}/api/v1` }],
    paths: {
      "/products": {
        get: {
          summary: "List live products",
          description:
            "Products created today first (newest first), then the day's shuffled order. Follow `nextCursor` for the next page; pages never repeat a product within a day.",
          parameters: [
            { name: "niche", in: "query", schema: { type: "string" }, description: "A published niche's slug." },
            { name: "subcategory", in: "query", schema: { type: "string" }, description: "A published subcategory's slug (a parent includes its children), or `ai-&-automation`." },
            { name: "tag", in: "query", schema: { type: "string", maxLength: 100 } },
            { name: "cursor", in: "query", schema: { type: "string" } },
            limit(100, 20),
          ],
          responses: { 200: json({ $ref: "#/components/schemas/ProductPage" }, "One page of products."), 400: badRequest },
        },
      },
      "/products/{slug}": {
        get: {
          summary: "One live product",
          parameters: [{ name: "slug", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            200: json({ $ref: "#/components/schemas/ProductCard" }, "The product, with its niches, subcategories, makers and counts."),
            404: problem("No live product has this slug."),
          },
        },
      },
      "/products/{id}/click": {
        post: {
          summary: "Record a click-out",
          description: "Sent by the product page when Visit Website is clicked (as a beacon).",
          parameters: productIdParameter,
          responses: {
            204: { description: "Recorded." },
            ...beaconRefusals,
          },
        },
      },
      "/products/{id}/view": {
        post: {
          summary: "Record a page view",
          description:
            "Sent by the product page once it is interactive (as a beacon). Counted once per visitor and day (a keyed daily hash of the signed-in user, or of the address and browser; nothing else is kept). Bots are not counted.",
          parameters: productIdParameter,
          responses: {
            204: { description: "Counted (or already counted today)." },
            ...beaconRefusals,
          },
        },
      },
      "/products/{id}/feedback": {
        get: {
          summary: "Reviews of a live product",
          description: "The review summary (average to one decimal, count, share of each rating; reviews only) and the newest 50 reviews, each with its replies oldest first.",
          parameters: productIdParameter,
          responses: {
            200: json(
              {
                type: "object",
                properties: {
                  summary: {
                    type: "object",
                    properties: {
                      average: { type: ["number", "null"] },
                      count: { type: "integer" },
                      distribution: {
                        type: "array",
                        items: { type: "object", properties: { rating: { type: "integer" }, count: { type: "integer" }, percent: { type: "integer" } } },
                      },
                    },
                  },
                  reviews: { type: "array", items: { $ref: "#/components/schemas/Review" } },
                },
              },
              "Summary and reviews, newest first.",
            ),
            400: problem("Invalid Product ID"),
            404: problem("Product not found"),
          },
        },
        post: {
          summary: "Post a review or a reply",
          description:
            "Signed-in users only (session cookie, same origin). A review needs `rating` (1 to 5) and `comment`; a reply needs `parentId` (a review of the same product) and `comment`, and is stored with rating 5. Comments are plain text, at most 2,000 characters, stored as typed. Form-encoded or JSON body. Rate limited per user and per address.",
          parameters: productIdParameter,
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  required: ["comment"],
                  properties: {
                    comment: { type: "string", maxLength: 2000 },
                    rating: { type: "integer", minimum: 1, maximum: 5 },
                    parentId: { type: "integer", minimum: 1 },
                  },
                },
              },
            },
          },
          responses: {
            201: json({ type: "object", properties: { feedback: { $ref: "#/components/schemas/Review" } } }, "Saved."),
            400: problem(
              "Please provide a rating before submitting / Please enter your feedback before submitting / Please enter your reply before submitting, or too long; `error.fields` names the field.",
            ),
            401: problem("Please sign in to leave feedback."),
            403: { description: "Cross-site request." },
            404: problem("Product not found, or the review replied to is not one of its reviews."),
            429: problem("Too many reviews; see Retry-After."),
          },
        },
      },
      "/products/{id}/upvote": engagementToggle("upvote", "upvoted", "upvotes"),
      "/products/{id}/bookmark": engagementToggle("save", "bookmarked", "bookmarks"),
      "/me/engagement": {
        get: {
          summary: "What the signed-in user upvoted and saved",
          description: "For the given live products (unknown ids are left out), with their current counts. Signed-in users only.",
          parameters: [{ name: "ids", in: "query", required: true, schema: { type: "string", pattern: "^\\d+(,\\d+)*$" }, description: "Up to 100 product ids, comma-separated." }],
          responses: {
            200: json(
              listOf({ id: integer, upvoted: boolean, bookmarked: boolean, upvotes: integer, bookmarks: integer }),
              "One item per live product asked for.",
            ),
            400: badRequest,
            401: problem("Not signed in."),
          },
        },
      },
      "/search": {
        get: {
          summary: "Search live products",
          description: "Exact names first, then name prefixes, full-text matches ranked by relevance and popularity, then close spellings. A blank query returns no items.",
          parameters: [{ name: "q", in: "query", schema: { type: "string", maxLength: 200 } }, limit(100, 20), { name: "cursor", in: "query", schema: { type: "string" } }],
          responses: { 200: json({ $ref: "#/components/schemas/ProductPage" }, "Matching products, best first."), 400: badRequest },
        },
      },
      "/niches": {
        get: {
          summary: "Niches with their subcategories",
          description: "Published niches that have live products, each with its subcategories and live-product counts.",
          responses: {
            200: json(listOf({ ...taxonomyItem, subcategories: { type: "array", items: { type: "object", properties: taxonomyItem } } }), "Niches by name."),
          },
        },
      },
    },
    components: { schemas: { Review: review, ProductCard: productCard, ProductPage: page, Error: error } },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
