CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"buyer_id" text,
	"buyer_email" text NOT NULL,
	"months" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"ad_start_date" timestamp with time zone,
	"ad_end_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_orders_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "promotion_orders_status_check" CHECK (status in ('pending', 'paid', 'cancelled', 'refunded', 'disputed')),
	CONSTRAINT "promotion_orders_months_check" CHECK (months between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD CONSTRAINT "promotion_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD CONSTRAINT "promotion_orders_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_orders_product_idx" ON "promotion_orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "promotion_orders_buyer_idx" ON "promotion_orders" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "promotion_orders_created_idx" ON "promotion_orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotion_orders_intent_idx" ON "promotion_orders" USING btree ("payment_intent_id");