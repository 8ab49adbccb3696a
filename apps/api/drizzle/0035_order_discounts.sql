-- Issue 30 (decision 040): the discount code an order was placed with and what it took off, in all and per line.
-- Every order and line placed before has no code: 0 and null, a constant default (no table rewrite).
ALTER TABLE "order_items" ADD COLUMN "discount_toea" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_toea" integer DEFAULT 0 NOT NULL;