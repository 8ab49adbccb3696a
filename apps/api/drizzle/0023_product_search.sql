ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_price_id_idx" ON "products" USING btree ("price_toea","id");--> statement-breakpoint
CREATE INDEX "products_name_sort_idx" ON "products" USING btree (lower("name") collate "C","id");