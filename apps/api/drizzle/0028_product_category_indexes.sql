DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "products_category_price_id_idx" ON "products" USING btree ("category","price_toea","id");--> statement-breakpoint
CREATE INDEX "products_category_name_sort_idx" ON "products" USING btree ("category",lower("name") collate "C","id");