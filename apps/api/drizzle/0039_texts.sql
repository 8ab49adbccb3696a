-- Text messages (issue 31, decision 044). A shopper's choice to get texts (on for every existing account: they gave
-- their number for their orders), the language an order's texts are written in ('en' for orders of earlier
-- releases), and one text job per event in the outbox. Constant defaults: no table rewrite on PostgreSQL 11+.
ALTER TABLE "users" ADD COLUMN "text_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- The partial index holds only text jobs (none yet); building it reads outbox_jobs once, in the migrator's
-- transaction, which writers of jobs wait behind for that moment.
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX "outbox_jobs_text_event_idx" ON "outbox_jobs" USING btree ("event_id") WHERE "outbox_jobs"."kind" = 'text';