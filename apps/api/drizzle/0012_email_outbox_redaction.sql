ALTER TABLE "email_outbox" ADD COLUMN "redacted" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_expiry_idx" ON "email_outbox" USING btree ("expires_at") WHERE "email_outbox"."status" = 'pending' or "email_outbox"."redacted" is not null;