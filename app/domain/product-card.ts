/** What a list, a search result or the read API shows of a product. Client-safe. */
export interface ProductCard {
  id: number;
  slug: string;
  product_name: string;
  tagline: string | null;
  description: string | null;
  website_url: string | null;
  logo_url: string | null;
  pricing: string;
  tags: string[];
  upvotes: number;
  is_advertised: boolean;
  created_at: string;
}

/**
 * What a list card shows: a list page sends its first cards with these fields only (the read
 * API's cards, fetched by Load More, carry the rest and fit here too).
 */
export type ListCard = Pick<ProductCard, "id" | "slug" | "product_name" | "tagline" | "logo_url" | "pricing" | "tags" | "upvotes">;

/** The first page of a list as a list page sends it. */
export interface ListCardPage {
  items: ListCard[];
  nextCursor: string | null;
}

/** One page of a list and where the next one starts (null: the end). */
export interface ProductPage {
  items: ProductCard[];
  nextCursor: string | null;
}
