-- Extensions and helpers the schema depends on. PGlite loads pg_trgm as an extension bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, so a generated tsvector column cannot call it directly.
CREATE OR REPLACE FUNCTION toolnest_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
