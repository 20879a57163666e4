CREATE TABLE "product_logo_fetches" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_logo_fetches" ADD CONSTRAINT "product_logo_fetches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_logo_fetches_due_idx" ON "product_logo_fetches" USING btree ("next_attempt_at");