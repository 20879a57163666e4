CREATE TABLE "product_facet_counts" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"pricing" text NOT NULL,
	"is_advertised" boolean NOT NULL,
	"has_coupon" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_facet_counts_type_status_pricing_is_advertised_has_coupon_pk" PRIMARY KEY("type","status","pricing","is_advertised","has_coupon")
);
