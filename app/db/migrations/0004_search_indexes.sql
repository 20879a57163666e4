-- Search (app/features/search). Exact and prefix name matches: byte order ("C") lets
-- `LIKE 'abc%'` use the index whatever the database's collation; the included columns make it an
-- index-only scan (the planner wants product_name itself to be there, not only lower()).
CREATE INDEX IF NOT EXISTS "products_public_name_c_idx" ON "products" USING btree ((lower("product_name") COLLATE "C")) INCLUDE ("id", "product_name") WHERE status = 'live' and type = 'product';
--> statement-breakpoint
-- Typo tolerance: each of a name's first four words (3+ letters, first 10 kept) with every
-- single letter deleted in turn. Two words within one edit (substitution, insertion, deletion,
-- transposition) share a key, so a misspelt word finds its product through an exact GIN lookup.
-- COST: about 10 us a call; at the default cost the planner would rather compute it for every
-- name than look the keys up in the index.
CREATE OR REPLACE FUNCTION toolnest_name_keys(name text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  AS $$
DECLARE
  keys text[] := '{}';
  w text;
  n int := 0;
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(lower(name), '[^[:alnum:]]+') LOOP
    CONTINUE WHEN length(w) < 3;
    n := n + 1;
    EXIT WHEN n > 4;
    w := left(w, 10);
    keys := keys || w;
    FOR i IN 1..length(w) LOOP
      keys := keys || (left(w, i - 1) || substr(w, i + 1));
    END LOOP;
  END LOOP;
  RETURN keys;
END $$;
--> statement-breakpoint
-- fastupdate off: the embedded database has no autovacuum to merge a pending list, which every
-- search would otherwise scan in full.
CREATE INDEX IF NOT EXISTS "products_name_keys_idx" ON "products" USING gin (toolnest_name_keys("product_name")) WITH (fastupdate = off) WHERE status = 'live' and type = 'product';
