-- Issue 14 speed (decisions 044 and 046, amended): Manage Users and Feedback Reports search
-- authors by name, e-mail and username with a "contains" match; trigram indexes on the lowered
-- columns let each search branch use an index instead of scanning 100,000 users, and Manage
-- Users pages newest first from an index.
CREATE INDEX IF NOT EXISTS "user_name_lower_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_lower_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_username_lower_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_created_at_id_idx" ON "user" USING btree ("created_at" DESC, "id" DESC);
