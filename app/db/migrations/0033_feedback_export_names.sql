-- Issue 14 speed (decision 046, amended): the Feedback Reports export names each row's product and
-- author. Looked up per row (the author by a text key in "user" and profiles, the product in a
-- 1,000,000-row table) they cost about 40 us a row, where the target is 20 us (50,000 rows/s). Each
-- feedback row keeps a copy of both names instead, set when it is written and followed, in the same
-- transaction, when a product is renamed, a user renamed, or a username set, changed or removed.
-- The search's author branch (name, e-mail or username) reads a copy too: per row, looking them up
-- cost Feedback Reports' probe, sample and walks two text-key lookups each.
ALTER TABLE "product_feedback" ADD COLUMN IF NOT EXISTS "product_name" text;
--> statement-breakpoint
ALTER TABLE "product_feedback" ADD COLUMN IF NOT EXISTS "author_name" text;
--> statement-breakpoint
ALTER TABLE "product_feedback" ADD COLUMN IF NOT EXISTS "author_search" text;
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
DROP TRIGGER IF EXISTS product_feedback_names ON product_feedback;
--> statement-breakpoint
CREATE TRIGGER product_feedback_names BEFORE INSERT OR UPDATE OF product_id, user_id ON product_feedback
  FOR EACH ROW EXECUTE FUNCTION toolnest_feedback_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION toolnest_feedback_product_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_feedback SET product_name = NEW.product_name
   WHERE product_id = NEW.id AND product_name IS DISTINCT FROM NEW.product_name;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_feedback_names ON products;
--> statement-breakpoint
CREATE TRIGGER products_feedback_names AFTER UPDATE OF product_name ON products
  FOR EACH ROW WHEN (OLD.product_name IS DISTINCT FROM NEW.product_name)
  EXECUTE FUNCTION toolnest_feedback_product_renamed();
--> statement-breakpoint
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
DROP TRIGGER IF EXISTS user_feedback_names ON "user";
--> statement-breakpoint
CREATE TRIGGER user_feedback_names AFTER UPDATE OF name, email ON "user"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION toolnest_feedback_author_renamed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_feedback_names ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_feedback_names AFTER INSERT OR DELETE OR UPDATE OF username ON profiles
  FOR EACH ROW EXECUTE FUNCTION toolnest_feedback_author_renamed();
--> statement-breakpoint
-- Existing rows, in one pass over the table.
UPDATE product_feedback f
   SET product_name = p.product_name,
       (author_name, author_search) = (SELECT a.author_name, a.author_search FROM toolnest_feedback_author(f.user_id) a)
  FROM products p
 WHERE p.id = f.product_id;
