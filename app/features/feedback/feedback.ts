/** Client-safe rules, messages and shapes of product reviews and replies. */
import { formatCount } from "~/lib/format";

export const FEEDBACK_MAX_LENGTH = 2000;
/** Reviews shown on the product page (newest first), each with all its replies. */
export const REVIEWS_SHOWN = 50;
/** The rating stored with a reply (the spec's default). */
export const REPLY_RATING = 5;

export const FEEDBACK_MESSAGES = {
  rating: "Please provide a rating before submitting",
  comment: "Please enter your feedback before submitting",
  reply: "Please enter your reply before submitting",
  tooLong: `Your comment is too long: please keep it to ${formatCount(FEEDBACK_MAX_LENGTH)} characters.`,
  signIn: "Please sign in to leave feedback.",
  productNotFound: "Product not found",
  reviewNotFound: "The review you are replying to no longer exists.",
  invalidProduct: "Invalid Product ID",
  failedReview: "Failed to submit feedback. Please try again.",
  failedReply: "Failed to submit reply. Please try again.",
  /** The spec names no success toast for reviews ("Comment Saved" is the maker comment's): decision 049. */
  savedReview: "Feedback Submitted",
  savedReply: "Reply Submitted",
} as const;

export interface FeedbackErrors {
  rating?: string;
  comment?: string;
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** The spec's rules: a review needs a rating 1 to 5 (0 means none) and a comment; a reply needs a comment. */
export function validateFeedback(input: { comment: string; rating: number; isReply: boolean }): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!input.isReply && !(Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5)) {
    errors.rating = FEEDBACK_MESSAGES.rating;
  }
  if (!input.comment.trim()) errors.comment = input.isReply ? FEEDBACK_MESSAGES.reply : FEEDBACK_MESSAGES.comment;
  else if (characterCount(input.comment) > FEEDBACK_MAX_LENGTH) errors.comment = FEEDBACK_MESSAGES.tooLong;
  return errors;
}

export interface FeedbackAuthor {
  id: string;
  username: string | null;
  avatar_url: string | null;
  career: string | null;
}

export interface FeedbackItem {
  id: number;
  comment: string;
  rating: number;
  created_at: string;
  author: FeedbackAuthor;
}

export interface Review extends FeedbackItem {
  /** Oldest first. */
  replies: FeedbackItem[];
}

export interface ReviewSummary {
  /** Average rating of the reviews to one decimal, null without reviews. */
  average: number | null;
  count: number;
  /** Ratings 5 down to 1, with their share of the reviews in whole percent. */
  distribution: { rating: number; count: number; percent: number }[];
}

export interface ProductFeedback {
  summary: ReviewSummary;
  /** Newest first (up to REVIEWS_SHOWN). */
  reviews: Review[];
  /** The server's clock when read, so relative dates render the same on server and client. */
  now: number;
}

/** Average to one decimal and the 1-5 distribution, from counts per rating (reviews only). */
export function summarize(counts: Partial<Record<number, number>>): ReviewSummary {
  let count = 0;
  let sum = 0;
  for (let rating = 1; rating <= 5; rating += 1) {
    const n = counts[rating] ?? 0;
    count += n;
    sum += n * rating;
  }
  return {
    average: count ? Math.round((sum / count) * 10) / 10 : null,
    count,
    distribution: [5, 4, 3, 2, 1].map((rating) => {
      const n = counts[rating] ?? 0;
      return { rating, count: n, percent: count ? Math.round((n / count) * 100) : 0 };
    }),
  };
}
