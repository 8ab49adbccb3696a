-- Every instance keeps the product list and the shop settings in memory (db/change-feed.ts). A change to
-- their tables bumps the cache's version and sends a NOTIFY, both delivered only when the transaction commits,
-- so other instances drop their copy at once (LISTEN) or at their next version check.
CREATE OR REPLACE FUNCTION bilum_cache_changed(cache_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cache_versions (name, version) VALUES (cache_name, 1)
    ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1;
  PERFORM pg_notify('bilum_cache_changed', cache_name);
END
$$;
--> statement-breakpoint
-- Deferred to commit so the version row is locked only for the commit itself (never between two statements of
-- a checkout that takes stock), and bumped once per transaction however many rows it changed.
CREATE OR REPLACE FUNCTION bilum_cache_changed_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bilum.cache_changed_' || TG_ARGV[0], true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('bilum.cache_changed_' || TG_ARGV[0], 'yes', true);
    PERFORM bilum_cache_changed(TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_cache_changed AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bilum_cache_changed_trigger('catalog');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shop_settings_cache_changed AFTER INSERT OR UPDATE OR DELETE ON shop_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bilum_cache_changed_trigger('settings');
--> statement-breakpoint
INSERT INTO cache_versions (name, version) VALUES ('catalog', 0), ('settings', 0) ON CONFLICT (name) DO NOTHING;
