-- Search that forgives (issue 31, decision 043): trigram similarity of the products' names, for a search whose
-- words start no word of any product ("samsng", "lenvo"), and for "Did you mean …?". pg_trgm and unaccent are
-- trusted extensions (PostgreSQL 13+): the owner of the shop's database may create them without being a superuser.
-- PGlite loads both at every open (db/client.ts, pgliteExtensions); on PostgreSQL they ship with the server's contrib.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent";--> statement-breakpoint
-- A name as the fuzzy search compares it: lower case, without accents ("Café" and "cafe" are one word). unaccent
-- itself is only STABLE (its dictionary could change), so an index cannot use it; this wrapper names the dictionary
-- and the schema, which makes it safe to declare IMMUTABLE (the pattern the PostgreSQL manual's users settled on).
CREATE FUNCTION "search_fold"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- Nothing to backfill: the index is built from the names every product of an earlier release already has. The
-- products table holds thousands of rows at most; the build takes milliseconds inside the migrator's transaction,
-- and the storefront's searches wait for it behind the lock.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("search_fold"("name") gin_trgm_ops);
