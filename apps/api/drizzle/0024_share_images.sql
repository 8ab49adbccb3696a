CREATE TABLE "share_images" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_images_type_check" CHECK ("share_images"."content_type" in ('image/jpeg','image/png')),
	CONSTRAINT "share_images_size_check" CHECK ("share_images"."size_bytes" > 0)
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, name || ' ' || description));--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";