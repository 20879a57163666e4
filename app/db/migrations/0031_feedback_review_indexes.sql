-- Issue 14 speed (decision 046, amended): Feedback Reports lists reviews (parent_id null) newest
-- first, with or without a rating. Partial indexes on reviews answer a page's ids and the capped
-- count index-only; the indexes they replace had to read each row's heap tuple for parent_id.
CREATE INDEX IF NOT EXISTS "product_feedback_reviews_created_idx" ON "product_feedback" ("created_at" DESC, "id" DESC) WHERE "parent_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_feedback_reviews_rating_idx" ON "product_feedback" ("rating", "created_at" DESC, "id" DESC) WHERE "parent_id" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "product_feedback_rating_idx";
