-- engagement_toggle (0009) without `synchronous_commit = off`. An asynchronous commit is
-- acknowledged before its WAL is flushed; PostgreSQL's WAL writer flushes it a fraction of a
-- second later, but the embedded database (PGlite, one backend, no WAL writer) flushed it only at
-- the next synchronous commit, so upvotes and saves acknowledged before a crash were lost
-- (issue 34). Every commit now waits for its WAL, as every other write does.
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
