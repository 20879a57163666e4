-- Manage Products at 1,000,000 products (decision 037, "Measured 2026-11-26").
--
-- 1. product_month_counts: how many products there are per UTC month of created_at and per
--    (type, status, pricing, is_advertised, has_coupon), kept by statement triggers like
--    product_facet_counts (0015). A deep page of a view filtered on those columns only finds the
--    month its first row falls in by summing a few hundred count rows, then seeks to that month in
--    products_admin_list_idx and skips at most half a month's rows: no page anchors, so nothing to
--    rebuild after a write.
-- 2. admin_product_links.name_lower: the product's name, lowered, on its niche and subcategory
--    links (kept by the triggers of 0021), and in the links' list index, so a name search within a
--    niche or a subcategory is read from that index alone instead of visiting each candidate's
--    products row.
-- 3. products_admin_status_idx only for the statuses other than live (and deleted).
-- 4. No parallel workers for scans of admin_product_links.
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
-- Each statement's net change, grouped, applied in key order (two writers lock count rows in the
-- same order: no deadlock). An update that moves nothing between months or facets writes nothing.
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
INSERT INTO product_month_counts (month, type, status, pricing, is_advertised, has_coupon, n)
SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, type, status, pricing, is_advertised, has_coupon, count(*)::int
  FROM products GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- The name on the links. The fill rewrites every link once: the list index is dropped first (built
-- again below, with the name) and the links' count trigger is off meanwhile (the fill moves no
-- link between count rows, and its transition tables would hold every link twice).
ALTER TABLE "admin_product_links" ADD COLUMN "name_lower" text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "admin_product_links_list_idx";
--> statement-breakpoint
ALTER TABLE "admin_product_links" DISABLE TRIGGER "admin_product_links_counts_update";
--> statement-breakpoint
UPDATE admin_product_links l SET name_lower = lower(p.product_name) FROM products p WHERE p.id = l.product_id;
--> statement-breakpoint
ALTER TABLE "admin_product_links" ENABLE TRIGGER "admin_product_links_counts_update";
--> statement-breakpoint
CREATE INDEX "admin_product_links_list_idx" ON "admin_product_links" USING btree ("kind", "ref_id", "created_at" DESC, "product_id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon", "name_lower") WHERE type = 'product';
--> statement-breakpoint
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
-- A product's list columns or name change -> its links follow (only rows that differ are written).
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
-- The status-led list index (0021) serves the small statuses (draft, pending, rejected) with a
-- search; the published 90 % is served as well by products_admin_list_idx. Partial, it holds a
-- tenth of the entries, and a status change to live (bulk publish) adds none to it.
DROP INDEX IF EXISTS "products_admin_status_idx";
--> statement-breakpoint
CREATE INDEX "products_admin_status_idx" ON "products" USING btree ("status", "created_at" DESC, "id" DESC)
  INCLUDE ("pricing", "is_advertised", "has_coupon", "product_name") WHERE type = 'product' AND status <> 'live' AND status <> 'deleted';
--> statement-breakpoint
-- Every read of the links walks one niche's or subcategory's part of the list index (at most some
-- tens of thousands of entries): a parallel worker's start costs more than it saves (a search in a
-- subcategory and a niche: 43 ms with one worker, 9 ms without, on the 2-core bench machine).
ALTER TABLE "admin_product_links" SET (parallel_workers = 0);
