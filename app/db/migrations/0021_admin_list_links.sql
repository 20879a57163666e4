-- Manage Products filtered by a niche or a subcategory (decision 037, "Measured 2026-11-25").
-- admin_product_links mirrors product_niches (kind 1) and product_subcategories (kind 2) with the
-- product's list columns (created_at, type, status, pricing, is_advertised, has_coupon), kept by
-- statement triggers, so a niche's or subcategory's products are paged newest first from one
-- index (index-only, facet filters applied in the index) and counted exactly from
-- admin_link_facet_counts, as product_facet_counts (0015) does for the whole catalogue.
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
	CONSTRAINT "admin_product_links_pk" PRIMARY KEY ("product_id", "kind", "ref_id")
);
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
INSERT INTO admin_product_links (kind, ref_id, product_id, created_at, type, status, pricing, is_advertised, has_coupon)
SELECT 1, l.niche_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon
  FROM product_niches l JOIN products p ON p.id = l.product_id
UNION ALL
SELECT 2, l.subcategory_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon
  FROM product_subcategories l JOIN products p ON p.id = l.product_id;
--> statement-breakpoint
INSERT INTO admin_link_facet_counts (kind, ref_id, type, status, pricing, is_advertised, has_coupon, n)
SELECT kind, ref_id, type, status, pricing, is_advertised, has_coupon, count(*)::int FROM admin_product_links GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE INDEX "admin_product_links_list_idx" ON "admin_product_links" USING btree ("kind", "ref_id", "created_at" DESC, "product_id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon") WHERE type = 'product';
--> statement-breakpoint
-- The links' counts: each statement's net change, grouped, applied in key order (as 0015).
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
-- product_niches -> links (kind 1). A product's row exists whenever its link does (foreign key).
CREATE OR REPLACE FUNCTION toolnest_admin_links_niches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM admin_product_links l USING old_rows o
     WHERE l.kind = 1 AND l.ref_id = o.niche_id AND l.product_id = o.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO admin_product_links (kind, ref_id, product_id, created_at, type, status, pricing, is_advertised, has_coupon)
    SELECT 1, r.niche_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon
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
-- product_subcategories -> links (kind 2).
CREATE OR REPLACE FUNCTION toolnest_admin_links_subcategories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM admin_product_links l USING old_rows o
     WHERE l.kind = 2 AND l.ref_id = o.subcategory_id AND l.product_id = o.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO admin_product_links (kind, ref_id, product_id, created_at, type, status, pricing, is_advertised, has_coupon)
    SELECT 2, r.subcategory_id, p.id, p.created_at, p.type, p.status, p.pricing, p.is_advertised, p.has_coupon
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
-- A product's list columns change -> its links follow (only rows that differ are written).
CREATE OR REPLACE FUNCTION toolnest_admin_links_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_product_links l
     SET created_at = n.created_at, type = n.type, status = n.status, pricing = n.pricing,
         is_advertised = n.is_advertised, has_coupon = n.has_coupon
    FROM new_rows n
   WHERE l.product_id = n.id
     AND (l.created_at, l.type, l.status, l.pricing, l.is_advertised, l.has_coupon)
         IS DISTINCT FROM (n.created_at, n.type, n.status, n.pricing, n.is_advertised, n.has_coupon);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_admin_links_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_products();
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
CREATE TRIGGER product_subcategories_admin_links_truncate AFTER TRUNCATE ON product_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_admin_links_truncate('2');
--> statement-breakpoint
-- Name searches read the name from the list indexes (index-only, the LIKE applied in the index)
-- instead of visiting a wide products row per candidate. The status-led variant serves a status
-- filter (draft, pending, rejected: small slices) without walking the others.
DROP INDEX IF EXISTS "products_admin_list_idx";
--> statement-breakpoint
CREATE INDEX "products_admin_list_idx" ON "products" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon", "product_name") WHERE type = 'product';
--> statement-breakpoint
CREATE INDEX "products_admin_status_idx" ON "products" USING btree ("status", "created_at" DESC, "id" DESC)
  INCLUDE ("pricing", "is_advertised", "has_coupon", "product_name") WHERE type = 'product';
