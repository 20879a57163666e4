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

/** One page of a list and where the next one starts (null: the end). */
export interface ProductPage {
  items: ProductCard[];
  nextCursor: string | null;
}
