-- Issue 14 speed (decision 046, amended): Feedback Reports' stat cards read kept counts instead of
-- aggregating every review (1-5 s over 1,000,000 reviews). Counted: what the public sees, as in
-- product_stats.comments, but reviews only (no replies): parent_id null, not hidden, author not
-- suspended. Per UTC month and rating (total, average, distribution and "this month"), per
-- product (products reviewed: the count of products going 0 -> 1 and back is kept in one row).
-- The triggers follow inserts, deletes, edits (rating, hiding, moving) and suspending, restoring
-- and deleting authors, in the same transaction, like the comment counts of migration 0019.
CREATE TABLE IF NOT EXISTS "feedback_review_counts" (
  "month" date NOT NULL,
  "rating" smallint NOT NULL,
  "reviews" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("month", "rating")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feedback_reviewed_products" (
  "product_id" integer PRIMARY KEY,
  "reviews" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feedback_review_totals" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "products_reviewed" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
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
--> statement-breakpoint
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
DROP TRIGGER IF EXISTS product_feedback_review_stats ON product_feedback;
--> statement-breakpoint
CREATE TRIGGER product_feedback_review_stats AFTER INSERT OR DELETE ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_review_stats();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_feedback_review_stats_edit ON product_feedback;
--> statement-breakpoint
CREATE TRIGGER product_feedback_review_stats_edit AFTER UPDATE OF product_id, parent_id, user_id, rating, hidden_at, created_at ON product_feedback
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
                     OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.rating IS DISTINCT FROM NEW.rating
                     OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION toolnest_count_review_stats();
--> statement-breakpoint
-- Suspending, restoring and deleting a suspended author (migration 0019's function, extended).
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
-- The counts of the reviews already there.
INSERT INTO feedback_review_totals (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO feedback_review_counts ("month", rating, reviews)
  SELECT date_trunc('month', f.created_at AT TIME ZONE 'UTC')::date, f.rating, count(*)
    FROM product_feedback f JOIN "user" u ON u.id = f.user_id
   WHERE f.parent_id IS NULL AND f.hidden_at IS NULL AND u.suspended_at IS NULL
   GROUP BY 1, 2
  ON CONFLICT ("month", rating) DO UPDATE SET reviews = EXCLUDED.reviews;
--> statement-breakpoint
INSERT INTO feedback_reviewed_products (product_id, reviews)
  SELECT f.product_id, count(*)
    FROM product_feedback f JOIN "user" u ON u.id = f.user_id
   WHERE f.parent_id IS NULL AND f.hidden_at IS NULL AND u.suspended_at IS NULL
   GROUP BY 1
  ON CONFLICT (product_id) DO UPDATE SET reviews = EXCLUDED.reviews;
--> statement-breakpoint
UPDATE feedback_review_totals SET products_reviewed = (SELECT count(*) FROM feedback_reviewed_products WHERE reviews > 0) WHERE id = 1;
--> statement-breakpoint
-- The CSV export names the product of every review: with reviews spread over a million products,
-- each name read from the products heap (1.5 GB with descriptions) is a page read of its own. This
-- index (about 33 MB per million products) answers the same lookups index-only.
CREATE INDEX IF NOT EXISTS "products_id_name_idx" ON "products" USING btree ("id") INCLUDE ("product_name");
