CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_lower" CHECK (email = lower(email))
);
--> statement-breakpoint
CREATE TABLE "ai_workshop_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_format" text DEFAULT 'plain' NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"api_key" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_settings_provider_check" CHECK (provider in ('none', 'openai', 'anthropic', 'google')),
	CONSTRAINT "ai_settings_format_check" CHECK (content_format in ('plain', 'html'))
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "niche_subcategories" (
	"niche_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	CONSTRAINT "niche_subcategories_niche_id_subcategory_id_pk" PRIMARY KEY("niche_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "niches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'published' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "niches_slug_unique" UNIQUE("slug"),
	CONSTRAINT "niches_status_check" CHECK (status in ('published', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "product_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"referrer" text,
	"user_agent" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"comment" text NOT NULL,
	"rating" integer NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_feedback_rating_check" CHECK (rating between 1 and 5),
	CONSTRAINT "product_feedback_comment_not_blank" CHECK (length(btrim(comment)) > 0)
);
--> statement-breakpoint
CREATE TABLE "product_makers" (
	"product_id" integer NOT NULL,
	"profile_id" text NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_makers_product_id_profile_id_pk" PRIMARY KEY("product_id","profile_id"),
	CONSTRAINT "product_makers_status_check" CHECK (status in ('pending', 'verified'))
);
--> statement-breakpoint
CREATE TABLE "product_niches" (
	"product_id" integer NOT NULL,
	"niche_id" integer NOT NULL,
	CONSTRAINT "product_niches_product_id_niche_id_pk" PRIMARY KEY("product_id","niche_id")
);
--> statement-breakpoint
CREATE TABLE "product_stats" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stats_non_negative" CHECK (upvotes >= 0 and bookmarks >= 0 and comments >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_subcategories" (
	"product_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"category_id" integer,
	CONSTRAINT "product_subcategories_product_id_subcategory_id_pk" PRIMARY KEY("product_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "product_upvotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"headline" text,
	"tagline" text,
	"description" text,
	"website_url" text,
	"website_domain" text GENERATED ALWAYS AS (lower(substring(website_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\.)?([^/:?#]+)'))) STORED,
	"logo_url" text,
	"video_url" text,
	"pricing" text DEFAULT 'free' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"type" text DEFAULT 'product' NOT NULL,
	"category" text,
	"other_niches" text,
	"is_advertised" boolean DEFAULT false NOT NULL,
	"ad_start_date" timestamp with time zone,
	"ad_end_date" timestamp with time zone,
	"has_coupon" boolean DEFAULT false NOT NULL,
	"coupon_text" text,
	"coupon_code" text,
	"coupon_url" text,
	"coupon_expiry_date" timestamp with time zone,
	"maker_comment" text,
	"submitter_id" text,
	"submitter_name" text,
	"submitter_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(product_name, '')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '') || ' ' || toolnest_tags_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(headline, '') || ' ' || left(coalesce(description, ''), 4000)), 'C')) STORED,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_status_check" CHECK (status in ('draft', 'pending', 'live', 'rejected', 'deleted')),
	CONSTRAINT "products_type_check" CHECK (type in ('product', 'suggestion')),
	CONSTRAINT "products_pricing_check" CHECK (pricing in ('free', 'freemium', 'premium', 'paid', 'subscription')),
	CONSTRAINT "products_name_not_blank" CHECK (length(btrim(product_name)) > 0),
	CONSTRAINT "products_tags_max" CHECK (coalesce(array_length(tags, 1), 0) <= 10)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"email" text,
	"avatar_url" text,
	"career" text,
	"primary_niche_id" integer,
	"loved_niche_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_length" CHECK (username is null or char_length(username) between 3 and 50),
	CONSTRAINT "profiles_loved_niches_max" CHECK (coalesce(array_length(loved_niche_ids, 1), 0) <= 5)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"parent_id" integer,
	"is_parent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "subcategories_status_check" CHECK (status in ('published', 'draft')),
	CONSTRAINT "subcategories_not_own_parent" CHECK ("subcategories"."parent_id" is null or "subcategories"."parent_id" <> "subcategories"."id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD CONSTRAINT "ai_workshop_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niche_subcategories" ADD CONSTRAINT "niche_subcategories_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niche_subcategories" ADD CONSTRAINT "niche_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_clicks" ADD CONSTRAINT "product_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_clicks" ADD CONSTRAINT "product_clicks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feedback" ADD CONSTRAINT "product_feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feedback" ADD CONSTRAINT "product_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feedback" ADD CONSTRAINT "product_feedback_parent_id_product_feedback_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_makers" ADD CONSTRAINT "product_makers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_niches" ADD CONSTRAINT "product_niches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_niches" ADD CONSTRAINT "product_niches_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stats" ADD CONSTRAINT "product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subcategories" ADD CONSTRAINT "product_subcategories_category_id_niches_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."niches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upvotes" ADD CONSTRAINT "product_upvotes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upvotes" ADD CONSTRAINT "product_upvotes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_submitter_id_user_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_primary_niche_id_niches_id_fk" FOREIGN KEY ("primary_niche_id") REFERENCES "public"."niches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_parent_id_subcategories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_product_idx" ON "bookmarks" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "bookmarks_product_idx" ON "bookmarks" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "niche_subcategories_sub_idx" ON "niche_subcategories" USING btree ("subcategory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "niches_name_lower_idx" ON "niches" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_clicks_product_idx" ON "product_clicks" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_feedback_product_idx" ON "product_feedback" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_feedback_parent_idx" ON "product_feedback" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_niches_niche_idx" ON "product_niches" USING btree ("niche_id");--> statement-breakpoint
CREATE INDEX "product_stats_upvotes_idx" ON "product_stats" USING btree ("upvotes" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_subcategories_sub_idx" ON "product_subcategories" USING btree ("subcategory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_upvotes_product_user_idx" ON "product_upvotes" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_upvotes_user_idx" ON "product_upvotes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'live' and type = 'product';--> statement-breakpoint
CREATE INDEX "products_status_type_idx" ON "products" USING btree ("status","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_submitter_idx" ON "products" USING btree ("submitter_id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("product_name"));--> statement-breakpoint
CREATE INDEX "products_domain_idx" ON "products" USING btree ("website_domain");--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("is_advertised") WHERE is_advertised;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subcategories_parent_idx" ON "subcategories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");