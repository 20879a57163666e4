CREATE TABLE "taxonomy_slug_redirects" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxonomy_slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug"),
	CONSTRAINT "taxonomy_slug_redirects_kind_check" CHECK ("taxonomy_slug_redirects"."kind" in ('niche', 'subcategory'))
);
--> statement-breakpoint
CREATE INDEX "taxonomy_slug_redirects_target_idx" ON "taxonomy_slug_redirects" USING btree ("kind","target_id");