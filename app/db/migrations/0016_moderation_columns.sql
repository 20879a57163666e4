ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "product_feedback" ADD COLUMN "hidden_at" timestamp with time zone;