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

const limit = (max: number, fallback: number) => ({
  name: "limit",
  in: "query",
  schema: { type: "integer", minimum: 1, maximum: max, default: fallback },
});
const badRequest = { description: "A parameter is invalid; `error.parameter` names it.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
const json = (schema: object, description: string) => ({ description, content: { "application/json": { schema } } });

export function openApiDocument(appUrl: string, siteName: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1",
      description: "Read the public catalogue: live products, their niches and subcategories, and search.",
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
            404: json({ $ref: "#/components/schemas/Error" }, "No live product has this slug."),
          },
        },
      },
      "/products/{id}/click": {
        post: {
          summary: "Record a click-out",
          description: "Sent by the product page when Visit Website is clicked (as a beacon).",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
          responses: {
            204: { description: "Recorded." },
            400: json({ $ref: "#/components/schemas/Error" }, "Invalid Product ID"),
            404: json({ $ref: "#/components/schemas/Error" }, "Product not found in database"),
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
            200: json(
              {
                type: "object",
                properties: {
                  items: {
                    type: "array",
                    items: {
                      type: "object",
                      properties: {
                        id: { type: "integer" },
                        name: { type: "string" },
                        slug: { type: "string" },
                        count: { type: "integer" },
                        subcategories: {
                          type: "array",
                          items: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" }, slug: { type: "string" }, count: { type: "integer" } } },
                        },
                      },
                    },
                  },
                },
              },
              "Niches by name.",
            ),
          },
        },
      },
    },
    components: { schemas: { ProductCard: productCard, ProductPage: page, Error: error } },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
