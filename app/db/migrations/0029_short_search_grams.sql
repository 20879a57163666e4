-- Issue 14 speed (decision 044, amended): Manage Users searches of one or two characters. A
-- trigram index cannot serve them (a "contains" pattern shorter than three characters yields no
-- trigram, so the scan reads the whole index and then every row: 300-400 ms over 100,000 users).
-- short_grams() lists a text's distinct characters and pairs of adjacent characters; a GIN index
-- on it answers "contains this one- or two-character text" exactly, by index.
CREATE OR REPLACE FUNCTION short_grams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    select coalesce(array_agg(distinct g), '{}') from (
      select substr(value, i, 1) as g from generate_series(1, length(value)) i
      union all
      select substr(value, i, 2) from generate_series(1, length(value) - 1) i
    ) grams
  $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_short_grams_idx" ON "user" USING gin (short_grams(lower("name")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_short_grams_idx" ON "user" USING gin (short_grams(lower("email")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_username_short_grams_idx" ON "profiles" USING gin (short_grams(lower("username")));
