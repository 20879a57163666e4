-- The auth secret of an installation on PostgreSQL without AUTH_SECRET, shared by every instance
-- (decision 024): the first instance to start inserts one, the others read it.
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Admin Portal attempts keep their outcome, refused ones included.
ALTER TABLE "login_attempts" ADD COLUMN "outcome" text DEFAULT 'failed' NOT NULL;--> statement-breakpoint
UPDATE "login_attempts" SET "outcome" = 'succeeded' WHERE "succeeded";--> statement-breakpoint
ALTER TABLE "login_attempts" DROP COLUMN "succeeded";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_outcome_check" CHECK (outcome in ('failed', 'succeeded', 'refused'));--> statement-breakpoint
-- The development sign-in used to link a 'dev' account to any existing user by e-mail alone
-- (decision 025). Such links are taken over accounts: remove them, and end those users'
-- sessions, which the dev screen may have made. Users it created (only a 'dev' account) stay.
DELETE FROM "session" WHERE "user_id" IN (
	SELECT "user_id" FROM "account" WHERE "provider_id" = 'dev'
	INTERSECT
	SELECT "user_id" FROM "account" WHERE "provider_id" <> 'dev'
);--> statement-breakpoint
DELETE FROM "account" a WHERE a."provider_id" = 'dev'
	AND EXISTS (SELECT 1 FROM "account" o WHERE o."user_id" = a."user_id" AND o."provider_id" <> 'dev');
