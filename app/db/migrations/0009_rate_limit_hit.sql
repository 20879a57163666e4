-- One fixed-window rate-limit count for every caller: the app's rate limits (consume) and the
-- upvote/save toggle, which counts inside its own transaction. Each key is counted; the answer is
-- the seconds to wait before the window that refused ends, or 0 when every key is within its limit.
CREATE OR REPLACE FUNCTION rate_limit_hit(p_keys text[], p_limits integer[], p_window integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_retry integer := 0;
  r record;
BEGIN
  -- Keys in sorted order, so concurrent callers sharing keys cannot deadlock.
  FOR r IN
    INSERT INTO rate_limits AS rl (key, count, window_start)
    SELECT k, 1, now() FROM unnest(p_keys) AS t(k) ORDER BY k
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rl.window_start <= now() - make_interval(secs => p_window) THEN 1 ELSE rl.count + 1 END,
      window_start = CASE WHEN rl.window_start <= now() - make_interval(secs => p_window) THEN now() ELSE rl.window_start END
    RETURNING rl.key, rl.count, extract(epoch FROM now() - rl.window_start)::float8 AS age
  LOOP
    IF r.count > p_limits[array_position(p_keys, r.key)] THEN
      v_retry := greatest(v_retry, greatest(1, ceil(p_window - r.age)::integer));
    END IF;
  END LOOP;
  RETURN v_retry;
END
$$;
--> statement-breakpoint
-- engagement_toggle (0008) now counts its rate limits through rate_limit_hit.
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
  PERFORM set_config('synchronous_commit', 'off', true);
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
