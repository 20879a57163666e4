-- Decision 046: product_stats.comments counts only what the public sees — reviews and replies not
-- hidden by an admin (hidden_at) whose author is not suspended ("user".suspended_at). The triggers
-- follow inserts, deletes, hiding/unhiding and suspending/restoring at once, in the same transaction.
CREATE OR REPLACE FUNCTION toolnest_feedback_author_suspended(p_user text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "user" u WHERE u.id = p_user AND u.suspended_at IS NOT NULL)
$$;
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
DROP TRIGGER IF EXISTS product_feedback_count ON product_feedback;
--> statement-breakpoint
CREATE TRIGGER product_feedback_count AFTER INSERT OR DELETE OR UPDATE OF hidden_at ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_comments();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_count_author_comments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user text;
  v_sign integer;
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
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_suspension_comments ON "user";
--> statement-breakpoint
CREATE TRIGGER user_suspension_comments AFTER UPDATE OF suspended_at ON "user"
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_author_comments();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_delete_comments ON "user";
--> statement-breakpoint
CREATE TRIGGER user_delete_comments BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_author_comments();
--> statement-breakpoint
-- Recount once, for rows hidden or authors suspended before this migration.
WITH visible AS (
  SELECT f.product_id, count(*)::int AS n FROM product_feedback f JOIN "user" u ON u.id = f.user_id
  WHERE f.hidden_at IS NULL AND u.suspended_at IS NULL GROUP BY f.product_id
)
UPDATE product_stats s SET comments = coalesce(v.n, 0)
  FROM product_stats s0 LEFT JOIN visible v ON v.product_id = s0.product_id
  WHERE s.product_id = s0.product_id AND s.comments <> coalesce(v.n, 0);
--> statement-breakpoint
-- Feedback Reports' table, newest first across all products.
CREATE INDEX IF NOT EXISTS "product_feedback_created_idx" ON "product_feedback" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Feedback Reports' search in comments (ilike '%...%').
CREATE INDEX IF NOT EXISTS "product_feedback_comment_trgm_idx" ON "product_feedback" USING gin ("comment" gin_trgm_ops);
--> statement-breakpoint
-- Feedback Reports' rating filter, newest first.
CREATE INDEX IF NOT EXISTS "product_feedback_rating_idx" ON "product_feedback" ("rating", "created_at" DESC, "id" DESC);
