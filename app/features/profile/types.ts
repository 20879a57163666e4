/** Shapes the profile page's loader sends to its components (client-safe). */
export interface NicheOption {
  id: number;
  name: string;
}

export interface EditProfileData {
  username: string;
  career: string;
  avatarUrl: string | null;
  primaryNicheId: number | null;
  favoriteNicheIds: number[];
  niches: NicheOption[];
  /** Changes on every save, so the form starts again from the saved values. */
  version: string;
}

export interface OwnProduct {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  /** `product`, or `suggestion` (a suggested resource: no page of its own). */
  type: string;
  logo_url: string | null;
  created_at: string;
}

export const PROFILE_TABS = [
  { id: "bookmarks", label: "Saved" },
  { id: "activities", label: "My Activities" },
  { id: "products", label: "My Products" },
  { id: "edit", label: "Edit Profile" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["id"];

/** Other names of the tabs: the spec's /my-products links to `?tab=submit` for My Products. */
const TAB_ALIASES: Record<string, ProfileTab> = { submit: "products" };

/** The `tab` query value, with anything unknown meaning the default, Saved (bookmarks). */
export function parseProfileTab(value: string | null): ProfileTab {
  if (value && Object.hasOwn(TAB_ALIASES, value)) return TAB_ALIASES[value]!;
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? "bookmarks";
}
