/** Client-safe shapes of the submitter's statistics and the profile's activity list. */
export interface DailyPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  clicks: number;
}

export interface SubmitterStats {
  views: number;
  usages: number;
  users: number;
  saves: number;
  comments: number;
  series: DailyPoint[];
}

export type ActivityKind = "review" | "reply" | "upvote" | "save";

export interface Activity {
  kind: ActivityKind;
  /** Unique within the list. */
  key: string;
  created_at: string;
  product: { slug: string; name: string; logo_url: string | null };
  /** Reviews and replies: the first 100 characters of the comment. */
  preview: string | null;
  rating: number | null;
}

export const ACTIVITY_PREVIEW_LENGTH = 100;

/** The first `length` characters (not UTF-16 units), with an ellipsis when cut. */
export function preview(text: string, length = ACTIVITY_PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join("")}…` : text;
}
