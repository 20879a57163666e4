-- Every product gets its product_stats row (decision 002) from one statement per INSERT instead of
-- one trigger call per row: a bulk import of 1,000 products runs one INSERT ... SELECT from the
-- statement's new rows (the transition table the facet-count trigger already keeps) rather than
-- 1,000 PL/pgSQL calls (decision 042, Measured). The rows inserted are the same.
CREATE OR REPLACE FUNCTION toolnest_product_stats_init_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stats (product_id) SELECT id FROM new_products ORDER BY id ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_stats_init ON products;
--> statement-breakpoint
CREATE TRIGGER products_stats_init AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION toolnest_product_stats_init_rows();
--> statement-breakpoint
DROP FUNCTION IF EXISTS toolnest_product_stats_init();
