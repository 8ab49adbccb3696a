ALTER TABLE "memberships" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimated_delivery_at" timestamp with time zone;--> statement-breakpoint
-- Orders dispatched before the date was stored keep the date the tracking page showed (dispatch + the current delivery days).
UPDATE "orders" SET "estimated_delivery_at" = "dispatched_at" + make_interval(days => coalesce((SELECT "delivery_days" FROM "shop_settings" WHERE "id" = 1), 3)) WHERE "dispatched_at" IS NOT NULL;--> statement-breakpoint
-- Memberships whose year was withdrawn by an order refund before the refund time was stored.
UPDATE "memberships" SET "refunded_at" = "orders"."refunded_at" FROM "orders" WHERE "orders"."payment_intent_id" = "memberships"."payment_reference" AND "orders"."payment_status" = 'refunded' AND "orders"."refunded_at" IS NOT NULL AND "memberships"."ends_at" <= "orders"."refunded_at";
