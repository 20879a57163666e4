-- Counts the public sees are kept by the database, whatever code path writes the rows they count.
CREATE OR REPLACE FUNCTION toolnest_product_stats_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stats (product_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stats_init AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION toolnest_product_stats_init();
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
CREATE OR REPLACE FUNCTION toolnest_count_comments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE product_stats SET comments = comments + 1 WHERE product_id = NEW.product_id;
  ELSE
    UPDATE product_stats SET comments = comments - 1 WHERE product_id = OLD.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_feedback_count AFTER INSERT OR DELETE ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_count_comments();
