ALTER TABLE "payment_events" ADD COLUMN "source" text DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "kind" text DEFAULT 'ignored' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "order_ref" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "full_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD COLUMN "attention" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("payment_intent_id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_kind_check" CHECK (kind in ('checkout.completed', 'checkout.expired', 'refunded', 'disputed', 'ignored'));--> statement-breakpoint
-- Orders from before: their status becomes facts of our own, so deriving from events keeps it.
INSERT INTO payment_events (id, type, source, kind, order_id, order_ref, session_id, payment_intent_id, paid, amount, currency)
SELECT 'legacy:' || o.id || ':paid', 'legacy.paid', 'local', 'checkout.completed', o.id, o.id::text, o.checkout_session_id, o.payment_intent_id, true, o.total * 100, o.currency
  FROM promotion_orders o WHERE o.status IN ('paid', 'refunded', 'disputed')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO payment_events (id, type, source, kind, order_id, order_ref, session_id, payment_intent_id, full_refund)
SELECT 'legacy:' || o.id || ':' || o.status, 'legacy.' || o.status, 'local',
       CASE o.status WHEN 'cancelled' THEN 'checkout.expired' WHEN 'refunded' THEN 'refunded' ELSE 'disputed' END,
       o.id, o.id::text, o.checkout_session_id, o.payment_intent_id, o.status = 'refunded'
  FROM promotion_orders o WHERE o.status IN ('cancelled', 'refunded', 'disputed')
ON CONFLICT (id) DO NOTHING;
