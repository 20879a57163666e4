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
INSERT INTO product_facet_counts (type, status, pricing, is_advertised, has_coupon, n)
SELECT type, status, pricing, is_advertised, has_coupon, count(*)::int FROM products GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (type, status, pricing, is_advertised, has_coupon) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- The admin list, newest first over every status: the filters on these columns and the page's
-- offset are read from the index alone (an index-only scan); only the page's 20 rows visit the table.
CREATE INDEX IF NOT EXISTS "products_admin_list_idx" ON "products" USING btree ("created_at" DESC, "id" DESC)
  INCLUDE ("status", "pricing", "is_advertised", "has_coupon") WHERE type = 'product';
