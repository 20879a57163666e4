/** The upvote toggle lives with upvotes and saves (app/features/engagement). */
export { UpvoteButton } from "~/features/engagement/components/upvote-button";
