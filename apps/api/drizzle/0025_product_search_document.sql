DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");