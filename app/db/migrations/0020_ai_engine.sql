ALTER TABLE "ai_workshop_settings" DROP CONSTRAINT "ai_settings_provider_check";--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD COLUMN "base_url" text;--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD COLUMN "api_key_last4" text;--> statement-breakpoint
-- Nothing wrote this table before decision 048; one row (id 1) holds the settings from now on.
DELETE FROM "ai_workshop_settings" WHERE id <> 1;--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD CONSTRAINT "ai_settings_single_row_check" CHECK (id = 1);--> statement-breakpoint
ALTER TABLE "ai_workshop_settings" ADD CONSTRAINT "ai_settings_provider_check" CHECK (provider in ('none', 'openai', 'anthropic', 'google', 'openai-compatible'));