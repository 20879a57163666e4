/** The shapes of the taxonomy options a product form's picker gets (client-safe). */

export interface NicheOption {
  id: number;
  name: string;
  /** published or draft (admins may choose draft niches). */
  status: string;
}

export interface SubcategoryOption {
  id: number;
  name: string;
  /** The niches it belongs to (niche_subcategories); shown when one of them is chosen. */
  nicheIds: number[];
}

export interface TaxonomyOptions {
  niches: NicheOption[];
  subcategories: SubcategoryOption[];
}

/** A maker found by the Makers search, or a product's current maker. */
export interface MakerOption {
  id: string;
  username: string | null;
  avatar_url: string | null;
  /** Only ever present for admins. */
  email?: string | null;
}
