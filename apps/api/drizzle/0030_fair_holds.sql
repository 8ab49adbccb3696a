ALTER TABLE "orders" ADD COLUMN "shopper_email_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "hold_units_per_shopper" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "hold_value_per_shopper_toea" integer DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "hold_units_per_address" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "hold_value_per_address_toea" integer DEFAULT 50000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "hold_stock_share_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "unconfirmed_hold_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
-- The migrator runs each migration in a transaction (no CONCURRENTLY); building a partial index of the held orders
-- is one scan of orders, blocking its writes for that scan (under the migrator's lock timeout).
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "orders_held_email_key_idx" ON "orders" USING btree ("shopper_email_key") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "orders_held_phone_idx" ON "orders" USING btree ("phone") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
-- payment_settings has one row: checking it takes no time.
-- squawk-ignore constraint-missing-not-valid
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_hold_caps_check" CHECK ("payment_settings"."hold_units_per_shopper" between 1 and 1000 and "payment_settings"."hold_value_per_shopper_toea" between 100 and 100000000 and "payment_settings"."hold_units_per_address" between 1 and 100000 and "payment_settings"."hold_value_per_address_toea" between 100 and 2000000000 and "payment_settings"."hold_stock_share_percent" between 10 and 100 and "payment_settings"."unconfirmed_hold_minutes" between 5 and 60);--> statement-breakpoint
-- Unpaid orders placed before this release are counted against their shopper's caps by e-mail too (decision 029).
-- Last: an UPDATE before an ALTER of the same table fails on PostgreSQL when it fires deferred triggers.
UPDATE "orders" SET "shopper_email_key" = regexp_replace(lower(btrim("email")), '\+[^@]*@', '@') WHERE "stock_state" = 'held';
