ALTER TABLE "orders" ADD COLUMN "client_address_hash" text;--> statement-breakpoint
CREATE INDEX "orders_held_address_idx" ON "orders" USING btree ("client_address_hash") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
CREATE INDEX "orders_held_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
-- The product list shows units held by unpaid checkouts as "Reserved" (issue 16). A hold that ends without touching
-- products (paid: held -> sold) must drop every instance's cached list too: the same deferred, once-per-transaction
-- trigger as on products (0008_cache_change_triggers).
CREATE CONSTRAINT TRIGGER orders_hold_cache_changed AFTER UPDATE OF stock_state, hold_expires_at ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.stock_state IS DISTINCT FROM NEW.stock_state OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at)
  EXECUTE FUNCTION bilum_cache_changed_trigger('catalog');
