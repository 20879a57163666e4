CREATE TABLE "taxonomy_product_counts" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "taxonomy_product_counts_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);

--> statement-breakpoint
-- Decision 045 (amended): products per niche and per subcategory, kept by statement triggers on
-- the link tables. Each statement adds its net change grouped per niche/subcategory, in key order
-- (two writers lock count rows in the same order: no deadlock). Links are counted whatever the
-- product's status, as the admin pages always showed.
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
CREATE TRIGGER product_subcategories_counts_insert AFTER INSERT ON product_subcategories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_update AFTER UPDATE ON product_subcategories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts();
--> statement-breakpoint
CREATE TRIGGER product_subcategories_counts_delete AFTER DELETE ON product_subcategories
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
CREATE TRIGGER product_subcategories_counts_truncate AFTER TRUNCATE ON product_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION toolnest_taxonomy_counts_truncate();
--> statement-breakpoint
INSERT INTO taxonomy_product_counts (kind, ref_id, n)
SELECT 'niche', niche_id, count(*)::int FROM product_niches GROUP BY niche_id
ON CONFLICT (kind, ref_id) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
INSERT INTO taxonomy_product_counts (kind, ref_id, n)
SELECT 'subcategory', subcategory_id, count(*)::int FROM product_subcategories GROUP BY subcategory_id
ON CONFLICT (kind, ref_id) DO UPDATE SET n = excluded.n;
