CREATE TABLE "product_daily_ranks" (
	"day" text NOT NULL,
	"rank" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_daily_ranks_day_rank_pk" PRIMARY KEY("day","rank")
);
--> statement-breakpoint
CREATE TABLE "shuffle_days" (
	"day" text PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"products" integer NOT NULL
);
