-- The schema at 1.0: migrations 0000_extensions .. 0037_import_expired squashed into one (decision
-- 081). A database already at 0037 skips it (same journal time); one at an older migration is
-- refused at start (app/db/common.server.ts). Later changes are new migrations after this one.
--
-- Order: the extension and the functions that columns and indexes are built from; then each table
-- with its indexes and triggers (a trigger's function just above its first trigger); then the
-- functions the app calls. PGlite loads pg_trgm as an extension bundle (app/db/pglite.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, so a generated tsvector column cannot call it directly.
CREATE OR REPLACE FUNCTION toolnest_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
--> statement-breakpoint
-- Typo tolerance: each of a name's first four words (3+ letters, first 10 kept) with every
-- single letter deleted in turn. Two words within one edit (substitution, insertion, deletion,
-- transposition) share a key, so a misspelt word finds its product through an exact GIN lookup.
-- COST: about 10 us a call; at the default cost the planner would rather compute it for every
-- name than look the keys up in the index.
CREATE OR REPLACE FUNCTION toolnest_name_keys(name text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  AS $$
DECLARE
  keys text[] := '{}';
  w text;
  n int := 0;
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(lower(name), '[^[:alnum:]]+') LOOP
    CONTINUE WHEN length(w) < 3;
    n := n + 1;
    EXIT WHEN n > 4;
    w := left(w, 10);
    keys := keys || w;
    FOR i IN 1..length(w) LOOP
      keys := keys || (left(w, i - 1) || substr(w, i + 1));
    END LOOP;
  END LOOP;
  RETURN keys;
END $$;
--> statement-breakpoint
-- Manage Users searches of one or two characters (decision 044, amended). A trigram index cannot
-- serve them (a "contains" pattern shorter than three characters yields no trigram, so the scan
-- reads the whole index and then every row: 300-400 ms over 100,000 users). short_grams() lists a
-- text's distinct characters and pairs of adjacent characters; a GIN index on it answers "contains
-- this one- or two-character text" exactly, by index.
CREATE OR REPLACE FUNCTION short_grams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    select coalesce(array_agg(distinct g), '{}') from (
      select substr(value, i, 1) as g from generate_series(1, length(value)) i
      union all
      select substr(value, i, 2) from generate_series(1, length(value) - 1) i
    ) grams
  $$;
--> statement-breakpoint

-- ===== Accounts and sign-in =====================================================================

CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
-- Manage Users and Feedback Reports search authors by name, e-mail and username with a "contains"
-- match (decisions 044 and 046, amended): trigram indexes on the lowered columns let each search
-- branch use an index instead of scanning 100,000 users, and short_grams indexes serve searches
-- of one or two characters. Manage Users pages newest first from an index.
CREATE INDEX "user_name_lower_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_email_lower_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_name_short_grams_idx" ON "user" USING gin (short_grams(lower("name")));
--> statement-breakpoint
CREATE INDEX "user_email_short_grams_idx" ON "user" USING gin (short_grams(lower("email")));
--> statement-breakpoint
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Suspending, restoring and deleting a suspended author moves their visible feedback in and out
-- of product_stats.comments and the review counts (see product_feedback below; decision 046).
CREATE OR REPLACE FUNCTION toolnest_count_author_comments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user text;
  v_sign integer;
  v_review record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- A suspended user's rows were not counted; the cascade about to delete them subtracts each one.
    IF OLD.suspended_at IS NULL THEN RETURN OLD; END IF;
    v_user := OLD.id;
    v_sign := 1;
  ELSE
    IF (OLD.suspended_at IS NULL) = (NEW.suspended_at IS NULL) THEN RETURN NULL; END IF;
    v_user := NEW.id;
    v_sign := CASE WHEN NEW.suspended_at IS NULL THEN 1 ELSE -1 END;
  END IF;
  UPDATE product_stats s SET comments = s.comments + v_sign * c.n
    FROM (SELECT f.product_id, count(*)::int AS n FROM product_feedback f
          WHERE f.user_id = v_user AND f.hidden_at IS NULL GROUP BY f.product_id) c
    WHERE s.product_id = c.product_id;
  FOR v_review IN
    SELECT f.product_id, f.rating, f.created_at FROM product_feedback f
     WHERE f.user_id = v_user AND f.hidden_at IS NULL AND f.parent_id IS NULL ORDER BY f.product_id
  LOOP
    PERFORM toolnest_review_stats_add(v_review.product_id, v_review.rating, v_review.created_at, v_sign);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_suspension_comments AFTER UPDATE OF suspended_at ON "user"
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_author_comments();
--> statement-breakpoint
CREATE TRIGGER user_delete_comments BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_author_comments();
--> statement-breakpoint
-- A renamed user (or a username set, changed or removed, on profiles): the copies of the author's
-- names on their feedback follow in the same transaction (see product_feedback below).
CREATE OR REPLACE FUNCTION toolnest_feedback_author_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  v record;
BEGIN
  SELECT * INTO v FROM toolnest_feedback_author(v_user);
  UPDATE product_feedback SET author_name = v.author_name, author_search = v.author_search
   WHERE user_id = v_user AND (author_name IS DISTINCT FROM v.author_name OR author_search IS DISTINCT FROM v.author_search);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_feedback_names AFTER UPDATE OF name, email ON "user"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION toolnest_feedback_author_renamed();
--> statement-breakpoint
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");
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
	CONSTRAINT "session_token_unique" UNIQUE("token"),
	CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");
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
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");
--> statement-breakpoint
CREATE TABLE "auth_rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
-- Admin Portal attempts keep their outcome, refused ones included.
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text DEFAULT 'failed' NOT NULL,
	CONSTRAINT "login_attempts_outcome_check" CHECK (outcome in ('failed', 'succeeded', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");
--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_lower" CHECK (email = lower(email))
);
--> statement-breakpoint
-- The auth secret of an installation on PostgreSQL without AUTH_SECRET, shared by every instance
-- (decision 024): the first instance to start inserts one, the others read it.
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Fixed-window counts of rate_limit_hit() (functions, at the end).
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint

-- ===== Taxonomy =================================================================================

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
CREATE UNIQUE INDEX "niches_name_lower_idx" ON "niches" USING btree (lower("name"));
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
	CONSTRAINT "subcategories_not_own_parent" CHECK ("subcategories"."parent_id" is null or "subcategories"."parent_id" <> "subcategories"."id"),
	CONSTRAINT "subcategories_parent_id_subcategories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "subcategories"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "subcategories_parent_idx" ON "subcategories" USING btree ("parent_id");
--> statement-breakpoint
CREATE TABLE "niche_subcategories" (
	"niche_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	CONSTRAINT "niche_subcategories_niche_id_subcategory_id_pk" PRIMARY KEY("niche_id","subcategory_id"),
	CONSTRAINT "niche_subcategories_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "niches"("id") ON DELETE cascade,
	CONSTRAINT "niche_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "subcategories"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "niche_subcategories_sub_idx" ON "niche_subcategories" USING btree ("subcategory_id");
--> statement-breakpoint
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
--> statement-breakpoint
-- Decision 045 (amended): products per niche and per subcategory, kept by statement triggers on
-- the link tables (product_niches, product_subcategories). Links are counted whatever the
-- product's status, as the admin pages always showed.
CREATE TABLE "taxonomy_product_counts" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "taxonomy_product_counts_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint

-- ===== Products =================================================================================

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
	"review_note" text,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_status_check" CHECK (status in ('draft', 'pending', 'live', 'rejected', 'deleted')),
	CONSTRAINT "products_type_check" CHECK (type in ('product', 'suggestion')),
	CONSTRAINT "products_pricing_check" CHECK (pricing in ('free', 'freemium', 'premium', 'paid', 'subscription')),
	CONSTRAINT "products_name_not_blank" CHECK (length(btrim(product_name)) > 0),
	CONSTRAINT "products_tags_max" CHECK (coalesce(array_length(tags, 1), 0) <= 10),
	CONSTRAINT "products_submitter_id_user_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'live' and type = 'product';
--> statement-breakpoint
CREATE INDEX "products_status_type_idx" ON "products" USING btree ("status","type","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "products_submitter_idx" ON "products" USING btree ("submitter_id");
--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("product_name"));
--> statement-breakpoint
CREATE INDEX "products_domain_idx" ON "products" USING btree ("website_domain");
--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("product_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("is_advertised") WHERE is_advertised;
--> statement-breakpoint
-- Search (app/features/search). Exact and prefix name matches: byte order ("C") lets
-- `LIKE 'abc%'` use the index whatever the database's collation; the included columns make it an
-- index-only scan (the planner wants product_name itself to be there, not only lower()).
CREATE INDEX "products_public_name_c_idx" ON "products" USING btree ((lower("product_name") COLLATE "C")) INCLUDE ("id", "product_name") WHERE status = 'live' and type = 'product';
--> statement-breakpoint
-- The two search GIN indexes. fastupdate off: the embedded database has no autovacuum to merge a
-- pending list, which every search would otherwise scan in full (the block below turns it on for
-- a PostgreSQL server).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "products_name_keys_idx" ON "products" USING gin (toolnest_name_keys("product_name")) WITH (fastupdate = off) WHERE status = 'live' and type = 'product';
--> statement-breakpoint
-- Issue 12 speed (decisions 014 and 037, amended): a bulk status change of 1,000 products spent
-- about two thirds of its second writing the two search GIN indexes entry by entry (0.86-1.14 s;
-- 0.35 s with a pending list). On a PostgreSQL server they keep a pending list: new entries are
-- appended and merged into the index in bulk, by (auto)vacuum or by the insert that takes the
-- list past its limit (1 MB here, so a search scans at most that much unmerged). The embedded
-- database (PGlite) keeps them as they are: it has no autovacuum, and its catalogue is small.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER INDEX "products_search_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
    ALTER INDEX "products_name_keys_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
  END IF;
END $$;
--> statement-breakpoint
-- Manage Products' list, newest first over every status (decision 037): the filters on these
-- columns, the page's offset and a name search are read from the index alone (an index-only
-- scan); only the page's 20 rows visit the table.
CREATE INDEX "products_admin_list_idx" ON "products" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon", "product_name") WHERE type = 'product';
--> statement-breakpoint
-- The status-led variant serves the small statuses (draft, pending, rejected) with a search; the
-- published 90 % is served as well by products_admin_list_idx. Partial, it holds a tenth of the
-- entries, and a status change to live (bulk publish) adds none to it.
CREATE INDEX "products_admin_status_idx" ON "products" USING btree ("status", "created_at" DESC, "id" DESC)
  INCLUDE ("pricing", "is_advertised", "has_coupon", "product_name") WHERE type = 'product' AND status <> 'live' AND status <> 'deleted';
--> statement-breakpoint
-- The CSV export names the product of every review: with reviews spread over a million products,
-- each name read from the products heap (1.5 GB with descriptions) is a page read of its own. This
-- index (about 33 MB per million products) answers the same lookups index-only.
CREATE INDEX "products_id_name_idx" ON "products" USING btree ("id") INCLUDE ("product_name");
--> statement-breakpoint
-- Every product gets its product_stats row (decision 002) from one statement per INSERT instead of
-- one trigger call per row: a bulk import of 1,000 products runs one INSERT ... SELECT from the
-- statement's new rows rather than 1,000 PL/pgSQL calls (decision 042, Measured).
CREATE OR REPLACE FUNCTION toolnest_product_stats_init_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stats (product_id) SELECT id FROM new_products ORDER BY id ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stats_init AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_stats_init_rows();
--> statement-breakpoint
-- Manage Products (decision 037). product_facet_counts holds how many products there are per
-- (type, status, pricing, is_advertised, has_coupon); statement triggers add each statement's
-- net change, grouped, so a bulk action on 1,000 rows touches a handful of count rows. Deltas are
-- applied in key order, so two transactions lock count rows in the same order (no deadlock).
CREATE OR REPLACE FUNCTION toolnest_product_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_facet_counts AS c (type, status, pricing, is_advertised, has_coupon, n)
    SELECT type, status, pricing, is_advertised, has_coupon, count(*)::int FROM new_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_facet_counts AS c (type, status, pricing, is_advertised, has_coupon, n)
    SELECT type, status, pricing, is_advertised, has_coupon, -count(*)::int FROM old_rows
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO product_facet_counts AS c (type, status, pricing, is_advertised, has_coupon, n)
    SELECT type, status, pricing, is_advertised, has_coupon, sum(d)::int FROM (
      SELECT type, status, pricing, is_advertised, has_coupon, 1 AS d FROM new_rows
      UNION ALL
      SELECT type, status, pricing, is_advertised, has_coupon, -1 AS d FROM old_rows
    ) delta
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_facets();
--> statement-breakpoint
CREATE TRIGGER products_facets_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_facets();
--> statement-breakpoint
CREATE TRIGGER products_facets_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_facets();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_product_facets_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_facets_truncate();
--> statement-breakpoint
-- product_month_counts (below), kept like product_facet_counts: each statement's net change,
-- grouped, applied in key order (two writers lock count rows in the same order: no deadlock). An
-- update that moves nothing between months or facets writes nothing.
CREATE OR REPLACE FUNCTION toolnest_product_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_month_counts AS c (month, type, status, pricing, is_advertised, has_coupon, n)
    SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, type, status, pricing, is_advertised, has_coupon, count(*)::int
      FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (month, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_month_counts AS c (month, type, status, pricing, is_advertised, has_coupon, n)
    SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, type, status, pricing, is_advertised, has_coupon, -count(*)::int
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (month, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO product_month_counts AS c (month, type, status, pricing, is_advertised, has_coupon, n)
    SELECT month, type, status, pricing, is_advertised, has_coupon, sum(d)::int FROM (
      SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, type, status, pricing, is_advertised, has_coupon, 1 AS d
        FROM new_rows
      UNION ALL
      SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, type, status, pricing, is_advertised, has_coupon, -1
        FROM old_rows
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (month, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_months_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_months();
--> statement-breakpoint
CREATE TRIGGER products_months_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_months();
--> statement-breakpoint
CREATE TRIGGER products_months_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_months();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_product_months_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_month_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_months_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_months_truncate();
--> statement-breakpoint
-- A product's list columns or name change -> its niche and subcategory links (admin_product_links,
-- below) follow (only rows that differ are written).
CREATE OR REPLACE FUNCTION toolnest_admin_links_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_product_links l
     SET created_at = n.created_at, type = n.type, status = n.status, pricing = n.pricing,
         is_advertised = n.is_advertised, has_coupon = n.has_coupon, name_lower = lower(n.product_name)
    FROM new_rows n
   WHERE l.product_id = n.id
     AND (l.created_at, l.type, l.status, l.pricing, l.is_advertised, l.has_coupon, l.name_lower)
         IS DISTINCT FROM (n.created_at, n.type, n.status, n.pricing, n.is_advertised, n.has_coupon, lower(n.product_name));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_admin_links_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_products();
--> statement-breakpoint
-- A renamed product: the copies of its name on its feedback follow (see product_feedback below).
CREATE OR REPLACE FUNCTION toolnest_feedback_product_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_feedback SET product_name = NEW.product_name
   WHERE product_id = NEW.id AND product_name IS DISTINCT FROM NEW.product_name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_feedback_names AFTER UPDATE OF product_name ON products
  FOR EACH ROW WHEN (OLD.product_name IS DISTINCT FROM NEW.product_name)
  EXECUTE FUNCTION toolnest_feedback_product_renamed();
--> statement-breakpoint
-- Counts the public sees are kept by the database, whatever code path writes the rows they count.
CREATE TABLE "product_stats" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stats_non_negative" CHECK (upvotes >= 0 and bookmarks >= 0 and comments >= 0),
	CONSTRAINT "product_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "product_stats_upvotes_idx" ON "product_stats" USING btree ("upvotes" DESC NULLS LAST,"product_id");
--> statement-breakpoint
CREATE TABLE "product_facet_counts" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"pricing" text NOT NULL,
	"is_advertised" boolean NOT NULL,
	"has_coupon" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_facet_counts_type_status_pricing_is_advertised_has_coupon_pk" PRIMARY KEY("type","status","pricing","is_advertised","has_coupon")
);
--> statement-breakpoint
-- Manage Products at 1,000,000 products (decision 037, "Measured 2026-11-26"): how many products
-- there are per UTC month of created_at and per (type, status, pricing, is_advertised, has_coupon).
-- A deep page of a view filtered on those columns only finds the month its first row falls in by
-- summing a few hundred count rows, then seeks to that month in products_admin_list_idx and skips
-- at most half a month's rows: no page anchors, so nothing to rebuild after a write.
CREATE TABLE "product_month_counts" (
	"month" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"pricing" text NOT NULL,
	"is_advertised" boolean NOT NULL,
	"has_coupon" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_month_counts_pk" PRIMARY KEY ("month", "type", "status", "pricing", "is_advertised", "has_coupon")
);
--> statement-breakpoint
CREATE TABLE "product_niches" (
	"product_id" integer NOT NULL,
	"niche_id" integer NOT NULL,
	CONSTRAINT "product_niches_product_id_niche_id_pk" PRIMARY KEY("product_id","niche_id"),
	CONSTRAINT "product_niches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_niches_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "niches"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "product_niches_niche_idx" ON "product_niches" USING btree ("niche_id");
--> statement-breakpoint
-- taxonomy_product_counts, from both link tables (product_niches and product_subcategories). Each
-- statement adds its net change grouped per niche/subcategory, in key order (two writers lock
-- count rows in the same order: no deadlock).
CREATE OR REPLACE FUNCTION toolnest_taxonomy_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_kind text := CASE WHEN TG_TABLE_NAME = 'product_niches' THEN 'niche' ELSE 'subcategory' END;
BEGIN
  IF TG_TABLE_NAME = 'product_niches' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, niche_id, count(*)::int FROM new_rows GROUP BY niche_id ORDER BY niche_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, niche_id, -count(*)::int FROM old_rows GROUP BY niche_id ORDER BY niche_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, ref_id, sum(d)::int FROM (
        SELECT niche_id AS ref_id, 1 AS d FROM new_rows UNION ALL SELECT niche_id, -1 FROM old_rows
      ) delta GROUP BY ref_id HAVING sum(d) <> 0 ORDER BY ref_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, subcategory_id, count(*)::int FROM new_rows GROUP BY subcategory_id ORDER BY subcategory_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, subcategory_id, -count(*)::int FROM old_rows GROUP BY subcategory_id ORDER BY subcategory_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      INSERT INTO taxonomy_product_counts AS c (kind, ref_id, n)
      SELECT v_kind, ref_id, sum(d)::int FROM (
        SELECT subcategory_id AS ref_id, 1 AS d FROM new_rows UNION ALL SELECT subcategory_id, -1 FROM old_rows
      ) delta GROUP BY ref_id HAVING sum(d) <> 0 ORDER BY ref_id
      ON CONFLICT (kind, ref_id) DO UPDATE SET n = c.n + excluded.n;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_niches_counts_insert AFTER INSERT ON product_niches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_niches_counts_update AFTER UPDATE ON product_niches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_niches_counts_delete AFTER DELETE ON product_niches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_taxonomy_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM taxonomy_product_counts
   WHERE kind = CASE WHEN TG_TABLE_NAME = 'product_niches' THEN 'niche' ELSE 'subcategory' END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_niches_counts_truncate AFTER TRUNCATE ON product_niches
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts_truncate();
--> statement-breakpoint
-- product_niches -> admin_product_links (kind 1). A product's row exists whenever its link does
-- (foreign key).
CREATE OR REPLACE FUNCTION toolnest_admin_links_niches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM admin_product_links l USING old_rows o
     WHERE l.kind = 1 AND l.ref_id = o.niche_id AND l.product_id = o.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO admin_product_links (kind, ref_id, product_id, created_at, type, status, pricing, is_advertised, has_coupon, name_lower)
    SELECT 1, r.niche_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon, lower(p.product_name)
      FROM new_rows r JOIN products p ON p.id = r.product_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_niches_admin_links_insert AFTER INSERT ON product_niches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_niches();
--> statement-breakpoint
CREATE TRIGGER product_niches_admin_links_update AFTER UPDATE ON product_niches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_niches();
--> statement-breakpoint
CREATE TRIGGER product_niches_admin_links_delete AFTER DELETE ON product_niches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_niches();
--> statement-breakpoint
-- TRUNCATE (tests, TRUNCATE ... CASCADE) empties the mirrored links and their counts.
CREATE OR REPLACE FUNCTION toolnest_admin_links_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_product_links WHERE kind = TG_ARGV[0]::smallint;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_niches_admin_links_truncate AFTER TRUNCATE ON product_niches
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_truncate('1');
--> statement-breakpoint
CREATE TABLE "product_subcategories" (
	"product_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"category_id" integer,
	CONSTRAINT "product_subcategories_product_id_subcategory_id_pk" PRIMARY KEY("product_id","subcategory_id"),
	CONSTRAINT "product_subcategories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_subcategories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "subcategories"("id") ON DELETE cascade,
	CONSTRAINT "product_subcategories_category_id_niches_id_fk" FOREIGN KEY ("category_id") REFERENCES "niches"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "product_subcategories_sub_idx" ON "product_subcategories" USING btree ("subcategory_id");
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_insert AFTER INSERT ON product_subcategories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_update AFTER UPDATE ON product_subcategories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_delete AFTER DELETE ON product_subcategories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_truncate AFTER TRUNCATE ON product_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts_truncate();
--> statement-breakpoint
-- product_subcategories -> admin_product_links (kind 2).
CREATE OR REPLACE FUNCTION toolnest_admin_links_subcategories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM admin_product_links l USING old_rows o
     WHERE l.kind = 2 AND l.ref_id = o.subcategory_id AND l.product_id = o.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO admin_product_links (kind, ref_id, product_id, created_at, type, status, pricing, is_advertised, has_coupon, name_lower)
    SELECT 2, r.subcategory_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon, lower(p.product_name)
      FROM new_rows r JOIN products p ON p.id = r.product_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_subcategories_admin_links_insert AFTER INSERT ON product_subcategories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_subcategories();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_admin_links_update AFTER UPDATE ON product_subcategories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_subcategories();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_admin_links_delete AFTER DELETE ON product_subcategories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_subcategories();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_admin_links_truncate AFTER TRUNCATE ON product_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_truncate('2');
--> statement-breakpoint
-- Manage Products filtered by a niche or a subcategory (decision 037, "Measured 2026-11-25").
-- admin_product_links mirrors product_niches (kind 1) and product_subcategories (kind 2) with the
-- product's list columns (created_at, type, status, pricing, is_advertised, has_coupon) and its
-- name, lowered, kept by statement triggers, so a niche's or subcategory's products are paged
-- newest first from one index (index-only, facet filters and a name search applied in the index)
-- and counted exactly from admin_link_facet_counts, as product_facet_counts does for the whole
-- catalogue. Every read walks one niche's or subcategory's part of the list index (at most some
-- tens of thousands of entries): a parallel worker's start costs more than it saves (a search in a
-- subcategory and a niche: 43 ms with one worker, 9 ms without, on the 2-core bench machine).
CREATE TABLE "admin_product_links" (
	"kind" smallint NOT NULL,
	"ref_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"pricing" text NOT NULL,
	"is_advertised" boolean NOT NULL,
	"has_coupon" boolean NOT NULL,
	"name_lower" text DEFAULT '' NOT NULL,
	CONSTRAINT "admin_product_links_pk" PRIMARY KEY ("product_id", "kind", "ref_id")
) WITH (parallel_workers = 0);
--> statement-breakpoint
CREATE INDEX "admin_product_links_list_idx" ON "admin_product_links" USING btree ("kind", "ref_id", "created_at" DESC, "product_id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon", "name_lower") WHERE type = 'product';
--> statement-breakpoint
-- The links' counts: each statement's net change, grouped, applied in key order (as
-- toolnest_product_facets).
CREATE OR REPLACE FUNCTION toolnest_admin_link_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_link_facet_counts AS c (kind, ref_id, type, status, pricing, is_advertised, has_coupon, n)
    SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, count(*)::int FROM new_rows
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (kind, ref_id, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO admin_link_facet_counts AS c (kind, ref_id, type, status, pricing, is_advertised, has_coupon, n)
    SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, -count(*)::int FROM old_rows
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (kind, ref_id, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO admin_link_facet_counts AS c (kind, ref_id, type, status, pricing, is_advertised, has_coupon, n)
    SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, sum(d)::int FROM (
      SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, 1 AS d FROM new_rows
      UNION ALL
      SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, -1 AS d FROM old_rows
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (kind, ref_id, type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_product_links_counts_insert AFTER INSERT ON admin_product_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_link_counts();
--> statement-breakpoint
CREATE TRIGGER admin_product_links_counts_update AFTER UPDATE ON admin_product_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_link_counts();
--> statement-breakpoint
CREATE TRIGGER admin_product_links_counts_delete AFTER DELETE ON admin_product_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_link_counts();
--> statement-breakpoint
CREATE TABLE "admin_link_facet_counts" (
	"kind" smallint NOT NULL,
	"ref_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"pricing" text NOT NULL,
	"is_advertised" boolean NOT NULL,
	"has_coupon" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_link_facet_counts_pk" PRIMARY KEY ("kind", "ref_id", "type", "status", "pricing", "is_advertised", "has_coupon")
);
--> statement-breakpoint
CREATE TABLE "product_daily_ranks" (
	"day" text NOT NULL,
	"rank" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_daily_ranks_day_rank_pk" PRIMARY KEY("day","rank")
);
--> statement-breakpoint
CREATE TABLE "shuffle_days" (
	"day" text PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_logo_fetches" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_logo_fetches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "product_logo_fetches_due_idx" ON "product_logo_fetches" USING btree ("next_attempt_at");
--> statement-breakpoint

-- ===== Profiles and makers ======================================================================

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
	"onboarding_skipped_at" timestamp with time zone,
	CONSTRAINT "profiles_username_length" CHECK (username is null or char_length(username) between 3 and 50),
	CONSTRAINT "profiles_loved_niches_max" CHECK (coalesce(array_length(loved_niche_ids, 1), 0) <= 5),
	CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "user"("id") ON DELETE cascade,
	CONSTRAINT "profiles_primary_niche_id_niches_id_fk" FOREIGN KEY ("primary_niche_id") REFERENCES "niches"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));
--> statement-breakpoint
-- Searched by username like "user"'s name and e-mail (see "user").
CREATE INDEX "profiles_username_lower_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "profiles_username_short_grams_idx" ON "profiles" USING gin (short_grams(lower("username")));
--> statement-breakpoint
CREATE TRIGGER profiles_feedback_names AFTER INSERT OR DELETE OR UPDATE OF username ON profiles
  FOR EACH ROW EXECUTE FUNCTION toolnest_feedback_author_renamed();
--> statement-breakpoint
CREATE TABLE "product_makers" (
	"product_id" integer NOT NULL,
	"profile_id" text NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_makers_product_id_profile_id_pk" PRIMARY KEY("product_id","profile_id"),
	CONSTRAINT "product_makers_status_check" CHECK (status in ('pending', 'verified')),
	CONSTRAINT "product_makers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_makers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE "product_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "product_claims_status" CHECK (status in ('pending', 'verified', 'rejected')),
	CONSTRAINT "product_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade,
	CONSTRAINT "product_claims_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_claims_product_user_idx" ON "product_claims" USING btree ("product_id","user_id");
--> statement-breakpoint
CREATE INDEX "product_claims_pending_idx" ON "product_claims" USING btree ("created_at") WHERE status = 'pending';
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "product_revisions_status" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_revisions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null,
	CONSTRAINT "product_revisions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_one_pending_idx" ON "product_revisions" USING btree ("product_id") WHERE status = 'pending';
--> statement-breakpoint

-- ===== Engagement: upvotes, saves, clicks, views, feedback ======================================

CREATE TABLE "product_upvotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_upvotes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_upvotes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_upvotes_product_user_idx" ON "product_upvotes" USING btree ("product_id","user_id");
--> statement-breakpoint
CREATE INDEX "product_upvotes_user_idx" ON "product_upvotes" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_count_upvotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE product_stats SET upvotes = upvotes + 1 WHERE product_id = NEW.product_id;
  ELSE
    UPDATE product_stats SET upvotes = upvotes - 1 WHERE product_id = OLD.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_upvotes_count AFTER INSERT OR DELETE ON product_upvotes
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_upvotes();
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade,
	CONSTRAINT "bookmarks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_user_product_idx" ON "bookmarks" USING btree ("user_id","product_id");
--> statement-breakpoint
CREATE INDEX "bookmarks_product_idx" ON "bookmarks" USING btree ("product_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_count_bookmarks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE product_stats SET bookmarks = bookmarks + 1 WHERE product_id = NEW.product_id;
  ELSE
    UPDATE product_stats SET bookmarks = bookmarks - 1 WHERE product_id = OLD.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookmarks_count AFTER INSERT OR DELETE ON bookmarks
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_bookmarks();
--> statement-breakpoint
CREATE TABLE "product_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"referrer" text,
	"user_agent" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_hash" text,
	CONSTRAINT "product_clicks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_clicks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "product_clicks_product_idx" ON "product_clicks" USING btree ("product_id","created_at");
--> statement-breakpoint
CREATE TABLE "product_views" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "product_views_product_id_day_visitor_hash_pk" PRIMARY KEY("product_id","day","visitor_hash"),
	CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade
);
--> statement-breakpoint
-- Reviews (parent_id null) and replies. Decision 046: product_stats.comments counts only what the
-- public sees — reviews and replies not hidden by an admin (hidden_at) whose author is not
-- suspended ("user".suspended_at); the triggers here and on "user" follow inserts, deletes,
-- hiding/unhiding and suspending/restoring at once, in the same transaction.
-- Each row keeps a copy of its product's and author's names (product_name, author_name,
-- author_search), set when it is written and followed, in the same transaction, when a product is
-- renamed, a user renamed, or a username set, changed or removed: the Feedback Reports export
-- looked them up per row at about 40 us a row, where the target is 20 us (50,000 rows/s), and the
-- search's author branch reads the copy too.
CREATE TABLE "product_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"comment" text NOT NULL,
	"rating" integer NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"product_name" text,
	"author_name" text,
	"author_search" text,
	CONSTRAINT "product_feedback_rating_check" CHECK (rating between 1 and 5),
	CONSTRAINT "product_feedback_comment_not_blank" CHECK (length(btrim(comment)) > 0),
	CONSTRAINT "product_feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "product_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade,
	CONSTRAINT "product_feedback_parent_id_product_feedback_id_fk" FOREIGN KEY ("parent_id") REFERENCES "product_feedback"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "product_feedback_product_idx" ON "product_feedback" USING btree ("product_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "product_feedback_parent_idx" ON "product_feedback" USING btree ("parent_id");
--> statement-breakpoint
CREATE INDEX "product_feedback_user_idx" ON "product_feedback" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Feedback Reports' table, newest first across all products.
CREATE INDEX "product_feedback_created_idx" ON "product_feedback" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Feedback Reports' search in comments (ilike '%...%').
CREATE INDEX "product_feedback_comment_trgm_idx" ON "product_feedback" USING gin ("comment" gin_trgm_ops);
--> statement-breakpoint
-- Feedback Reports lists reviews newest first, with or without a rating (decision 046, amended):
-- partial indexes on reviews answer a page's ids and the capped count index-only, without reading
-- each row's heap tuple for parent_id.
CREATE INDEX "product_feedback_reviews_created_idx" ON "product_feedback" ("created_at" DESC, "id" DESC) WHERE "parent_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "product_feedback_reviews_rating_idx" ON "product_feedback" ("rating", "created_at" DESC, "id" DESC) WHERE "parent_id" IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL AND NOT toolnest_feedback_author_suspended(NEW.user_id) THEN
      UPDATE product_stats SET comments = comments + 1 WHERE product_id = NEW.product_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    -- A user deleted with their feedback is gone by now: counted as visible here, which the
    -- BEFORE DELETE trigger on "user" balances for a suspended user.
    IF OLD.hidden_at IS NULL AND NOT toolnest_feedback_author_suspended(OLD.user_id) THEN
      UPDATE product_stats SET comments = comments - 1 WHERE product_id = OLD.product_id;
    END IF;
  ELSIF (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) AND NOT toolnest_feedback_author_suspended(NEW.user_id) THEN
    UPDATE product_stats SET comments = comments + (CASE WHEN NEW.hidden_at IS NULL THEN 1 ELSE -1 END)
      WHERE product_id = NEW.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_feedback_count AFTER INSERT OR DELETE OR UPDATE OF hidden_at ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_comments();
--> statement-breakpoint
-- The review counts (feedback_review_counts and the two tables after it): reviews only, counted
-- as the public sees them, like product_stats.comments.
CREATE OR REPLACE FUNCTION toolnest_count_review_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A user deleted with their feedback is gone by now: counted as visible here, which the
  -- BEFORE DELETE trigger on "user" balances for a suspended user (as for the comment counts).
  IF TG_OP <> 'INSERT' AND OLD.parent_id IS NULL AND OLD.hidden_at IS NULL AND NOT toolnest_feedback_author_suspended(OLD.user_id) THEN
    PERFORM toolnest_review_stats_add(OLD.product_id, OLD.rating, OLD.created_at, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.parent_id IS NULL AND NEW.hidden_at IS NULL AND NOT toolnest_feedback_author_suspended(NEW.user_id) THEN
    PERFORM toolnest_review_stats_add(NEW.product_id, NEW.rating, NEW.created_at, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_feedback_review_stats AFTER INSERT OR DELETE ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_review_stats();
--> statement-breakpoint
CREATE TRIGGER product_feedback_review_stats_edit AFTER UPDATE OF product_id, parent_id, user_id, rating, hidden_at, created_at ON product_feedback
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
                     OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.rating IS DISTINCT FROM NEW.rating
                     OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION toolnest_count_review_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_feedback_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id THEN
    NEW.product_name := (SELECT p.product_name FROM products p WHERE p.id = NEW.product_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    SELECT a.author_name, a.author_search INTO NEW.author_name, NEW.author_search FROM toolnest_feedback_author(NEW.user_id) a;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_feedback_names BEFORE INSERT OR UPDATE OF product_id, user_id ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_feedback_names();
--> statement-breakpoint
-- Issue 14 speed (decision 046, amended): Feedback Reports' stat cards read kept counts instead of
-- aggregating every review (1-5 s over 1,000,000 reviews). Counted: what the public sees, as in
-- product_stats.comments, but reviews only (no replies): parent_id null, not hidden, author not
-- suspended. Per UTC month and rating (total, average, distribution and "this month"), per
-- product (products reviewed: the count of products going 0 -> 1 and back is kept in one row).
-- The triggers follow inserts, deletes, edits (rating, hiding, moving) and suspending, restoring
-- and deleting authors, in the same transaction, like the comment counts.
CREATE TABLE "feedback_review_counts" (
  "month" date NOT NULL,
  "rating" smallint NOT NULL,
  "reviews" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("month", "rating")
);
--> statement-breakpoint
CREATE TABLE "feedback_reviewed_products" (
  "product_id" integer PRIMARY KEY,
  "reviews" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE "feedback_review_totals" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "products_reviewed" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Its one row, which toolnest_review_stats_add updates.
INSERT INTO feedback_review_totals (id) VALUES (1);
--> statement-breakpoint

-- ===== Administration and operations ============================================================

CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "error_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "error_log_created_idx" ON "error_log" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
-- One row (id 1) holds the AI settings (decision 048).
CREATE TABLE "ai_workshop_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_format" text DEFAULT 'plain' NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"api_key" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"base_url" text,
	"api_key_last4" text,
	CONSTRAINT "ai_settings_format_check" CHECK (content_format in ('plain', 'html')),
	CONSTRAINT "ai_settings_single_row_check" CHECK (id = 1),
	CONSTRAINT "ai_settings_provider_check" CHECK (provider in ('none', 'openai', 'anthropic', 'google', 'openai-compatible')),
	CONSTRAINT "ai_workshop_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
-- An upload left awaiting mapping for 24 hours expires (issue 36, item 12; decision 077).
CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" text,
	"admin_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"product_status" text DEFAULT 'live' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_valid" integer DEFAULT 0 NOT NULL,
	"rows_invalid" integer DEFAULT 0 NOT NULL,
	"rows_empty" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_to_import" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"worker" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_state_check" CHECK (state in ('uploading', 'mapping', 'queued', 'running', 'completed', 'cancelled', 'failed', 'discarded', 'expired')),
	CONSTRAINT "catalog_imports_status_check" CHECK (product_status in ('live', 'draft')),
	CONSTRAINT "catalog_imports_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "catalog_imports_state_idx" ON "catalog_imports" USING btree ("state");
--> statement-breakpoint
CREATE TABLE "catalog_import_rows" (
	"import_id" integer NOT NULL,
	"row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"group_key" text DEFAULT '' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slug" text,
	"domain" text,
	"name_key" text,
	"duplicate_of_row" integer,
	"duplicate_product_id" integer,
	"excluded" boolean DEFAULT false NOT NULL,
	"mapping" jsonb,
	"outcome" text,
	"outcome_message" text,
	"product_id" integer,
	CONSTRAINT "catalog_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row"),
	CONSTRAINT "catalog_import_rows_outcome_check" CHECK (outcome is null or outcome in ('imported', 'duplicate', 'invalid', 'failed', 'excluded')),
	CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "catalog_imports"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "catalog_import_rows_group_idx" ON "catalog_import_rows" USING btree ("import_id","group_key");
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"progress" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK (state in ('created', 'active', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "jobs_queue_state_idx" ON "jobs" USING btree ("queue","state","id");
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
	"attention" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "promotion_orders_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "promotion_orders_status_check" CHECK (status in ('pending', 'paid', 'cancelled', 'refunded', 'disputed')),
	CONSTRAINT "promotion_orders_months_check" CHECK (months between 1 and 36),
	CONSTRAINT "promotion_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade,
	CONSTRAINT "promotion_orders_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "user"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "promotion_orders_product_idx" ON "promotion_orders" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "promotion_orders_buyer_idx" ON "promotion_orders" USING btree ("buyer_id");
--> statement-breakpoint
CREATE INDEX "promotion_orders_created_idx" ON "promotion_orders" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "promotion_orders_intent_idx" ON "promotion_orders" USING btree ("payment_intent_id");
--> statement-breakpoint
-- Every payment provider event, whole: an order's status is derived from its events.
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'stripe' NOT NULL,
	"kind" text DEFAULT 'ignored' NOT NULL,
	"order_id" integer,
	"order_ref" text,
	"session_id" text,
	"payment_intent_id" text,
	"paid" boolean DEFAULT false NOT NULL,
	"full_refund" boolean DEFAULT false NOT NULL,
	"amount" integer,
	"currency" text,
	"event_created_at" timestamp with time zone,
	"payload" jsonb,
	CONSTRAINT "payment_events_kind_check" CHECK (kind in ('checkout.completed', 'checkout.expired', 'refunded', 'disputed', 'ignored'))
);
--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("payment_intent_id");
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;
--> statement-breakpoint
CREATE TABLE "cache_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint

-- ===== Functions ================================================================================

-- One fixed-window rate-limit count for every caller: the app's rate limits (consume) and the
-- upvote/save toggle, which counts inside its own transaction. Each key is counted; the answer is
-- the seconds to wait before the window that refused ends, or 0 when every key is within its limit.
CREATE OR REPLACE FUNCTION rate_limit_hit(p_keys text[], p_limits integer[], p_window integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_retry integer := 0;
  r record;
BEGIN
  -- Keys in sorted order, so concurrent callers sharing keys cannot deadlock.
  FOR r IN
    INSERT INTO rate_limits AS rl (key, count, window_start)
    SELECT k, 1, now() FROM unnest(p_keys) AS t(k) ORDER BY k
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rl.window_start <= now() - make_interval(secs => p_window) THEN 1 ELSE rl.count + 1 END,
      window_start = CASE WHEN rl.window_start <= now() - make_interval(secs => p_window) THEN now() ELSE rl.window_start END
    RETURNING rl.key, rl.count, extract(epoch FROM now() - rl.window_start)::float8 AS age
  LOOP
    IF r.count > p_limits[array_position(p_keys, r.key)] THEN
      v_retry := greatest(v_retry, greatest(1, ceil(p_window - r.age)::integer));
    END IF;
  END LOOP;
  RETURN v_retry;
END
$$;
--> statement-breakpoint
-- One upvote or save toggle in one round trip: the rate-limit counters, the row, and the count
-- the triggers keep in product_stats, read after the write (a new snapshot inside the function),
-- so the answer is the exact count after this change. Every toggle of a product updates the same
-- stats row; doing it all inside the database keeps that row's lock for microseconds instead of
-- across several client round trips. No `synchronous_commit = off`: the embedded database (PGlite,
-- one backend, no WAL writer) flushed an asynchronous commit only at the next synchronous one, so
-- upvotes and saves acknowledged before a crash were lost (issue 34). Every commit waits for its
-- WAL, as every other write does.
CREATE OR REPLACE FUNCTION engagement_toggle(
  p_kind text,
  p_product integer,
  p_user text,
  p_on boolean,
  p_keys text[],
  p_limits integer[],
  p_window integer
) RETURNS TABLE (status text, changed boolean, total integer, retry_after integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_changed integer := 0;
  v_total integer;
  v_retry integer := 0;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM products p WHERE p.id = p_product AND p.status = 'live' AND p.type = 'product') THEN
    RETURN QUERY SELECT 'not_found'::text, false, 0, 0;
    RETURN;
  END IF;
  v_retry := rate_limit_hit(p_keys, p_limits, p_window);
  IF v_retry > 0 THEN
    RETURN QUERY SELECT 'rate_limited'::text, false, 0, v_retry;
    RETURN;
  END IF;
  IF p_kind = 'upvote' THEN
    IF p_on THEN
      INSERT INTO product_upvotes (product_id, user_id) VALUES (p_product, p_user) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM product_upvotes WHERE product_id = p_product AND user_id = p_user;
    END IF;
    GET DIAGNOSTICS v_changed = ROW_COUNT;
    SELECT s.upvotes INTO v_total FROM product_stats s WHERE s.product_id = p_product;
  ELSIF p_kind = 'bookmark' THEN
    IF p_on THEN
      INSERT INTO bookmarks (user_id, product_id) VALUES (p_user, p_product) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM bookmarks WHERE product_id = p_product AND user_id = p_user;
    END IF;
    GET DIAGNOSTICS v_changed = ROW_COUNT;
    SELECT s.bookmarks INTO v_total FROM product_stats s WHERE s.product_id = p_product;
  ELSE
    RAISE EXCEPTION 'unknown engagement kind %', p_kind;
  END IF;
  RETURN QUERY SELECT 'ok'::text, v_changed > 0, coalesce(v_total, 0), 0;
END
$$;
--> statement-breakpoint
-- Whether a feedback author is suspended: their feedback is then not counted (decision 046).
CREATE OR REPLACE FUNCTION toolnest_feedback_author_suspended(p_user text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "user" u WHERE u.id = p_user AND u.suspended_at IS NOT NULL)
$$;
--> statement-breakpoint
-- The author as the export names them (the profile's username, else the account's name), and what
-- the search's author branch matches: username, name and e-mail in lower case, apart by a control
-- character, which a search never holds (cleanSearch), so no match spans two of them. One lookup.
CREATE OR REPLACE FUNCTION toolnest_feedback_author(p_user text, OUT author_name text, OUT author_search text) LANGUAGE sql STABLE AS $$
  SELECT coalesce(pr.username, u.name),
         lower(coalesce(pr.username, '') || chr(1) || coalesce(u.name, '') || chr(1) || coalesce(u.email, ''))
    FROM "user" u LEFT JOIN profiles pr ON pr.id = u.id
   WHERE u.id = p_user
$$;
--> statement-breakpoint
-- Adds one review (p_delta 1) or takes one away (-1) from the review counts.
CREATE OR REPLACE FUNCTION toolnest_review_stats_add(p_product integer, p_rating integer, p_created timestamptz, p_delta integer)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_after integer;
BEGIN
  INSERT INTO feedback_review_counts AS c ("month", rating, reviews)
    VALUES (date_trunc('month', p_created AT TIME ZONE 'UTC')::date, p_rating, p_delta)
    ON CONFLICT ("month", rating) DO UPDATE SET reviews = c.reviews + EXCLUDED.reviews;
  INSERT INTO feedback_reviewed_products AS r (product_id, reviews) VALUES (p_product, p_delta)
    ON CONFLICT (product_id) DO UPDATE SET reviews = r.reviews + EXCLUDED.reviews
    RETURNING reviews INTO v_after;
  IF v_after > 0 AND v_after - p_delta <= 0 THEN
    UPDATE feedback_review_totals SET products_reviewed = products_reviewed + 1 WHERE id = 1;
  ELSIF v_after <= 0 AND v_after - p_delta > 0 THEN
    UPDATE feedback_review_totals SET products_reviewed = products_reviewed - 1 WHERE id = 1;
    DELETE FROM feedback_reviewed_products WHERE product_id = p_product AND reviews = 0;
  END IF;
END $$;
