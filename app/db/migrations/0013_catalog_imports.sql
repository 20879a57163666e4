CREATE TABLE "catalog_import_rows" (
	"import_id" integer NOT NULL,
	"row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"group_key" text DEFAULT '' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slug" text,
	"domain" text,
	"name_key" text,
	"duplicate_of_row" integer,
	"duplicate_product_id" integer,
	"excluded" boolean DEFAULT false NOT NULL,
	"mapping" jsonb,
	"outcome" text,
	"outcome_message" text,
	"product_id" integer,
	CONSTRAINT "catalog_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row"),
	CONSTRAINT "catalog_import_rows_outcome_check" CHECK (outcome is null or outcome in ('imported', 'duplicate', 'invalid', 'failed', 'excluded'))
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" text,
	"admin_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"product_status" text DEFAULT 'live' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_valid" integer DEFAULT 0 NOT NULL,
	"rows_invalid" integer DEFAULT 0 NOT NULL,
	"rows_empty" integer DEFAULT 0 NOT NULL,
	"rows_duplicate" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_to_import" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"worker" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_state_check" CHECK (state in ('uploading', 'mapping', 'queued', 'running', 'completed', 'cancelled', 'failed', 'discarded')),
	CONSTRAINT "catalog_imports_status_check" CHECK (product_status in ('live', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"progress" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK (state in ('created', 'active', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_rows_group_idx" ON "catalog_import_rows" USING btree ("import_id","group_key");--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_imports_state_idx" ON "catalog_imports" USING btree ("state");--> statement-breakpoint
CREATE INDEX "jobs_queue_state_idx" ON "jobs" USING btree ("queue","state","id");