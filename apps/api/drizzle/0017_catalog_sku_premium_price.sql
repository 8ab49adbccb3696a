CREATE SEQUENCE "public"."product_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT ('BLM-' || lpad(nextval('product_sku_seq')::text, 6, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "amount_toea" integer;--> statement-breakpoint
-- Issue 18 backfills. The products there are numbered by id (the demo catalogue: BLM-000001, ...), and the
-- sequence moves past them.
UPDATE "products" SET "sku" = 'BLM-' || lpad("id"::text, 6, '0');--> statement-breakpoint
SELECT setval('product_sku_seq', coalesce((SELECT max("id") FROM "products"), 0) + 1, false);--> statement-breakpoint
-- The discount figure follows the prices (packages/shared/src/product-discount.ts: whole percent, half up).
UPDATE "products" SET "discount_percentage" = CASE
  WHEN "original_price_toea" > 0 AND "price_toea" < "original_price_toea"
    THEN round((("original_price_toea" - greatest("price_toea", 0)) * 100)::numeric / "original_price_toea")::int
  ELSE 0 END;--> statement-breakpoint
-- Payments opened before the price came from the membership product asked K200.50.
UPDATE "memberships" SET "amount_toea" = 20050 WHERE "payment_reference" IS NOT NULL AND "amount_toea" IS NULL;--> statement-breakpoint
-- After the backfill: renumbering in place would meet its own old values.
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree ("sku") WHERE "products"."archived_at" is null;
