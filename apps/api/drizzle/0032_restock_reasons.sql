ALTER TABLE "stock_movements" ADD COLUMN "restock_reason" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "note" text;--> statement-breakpoint
-- Checked for every row written from now on; the rows already there are made to fit by the update below (a
-- restock before issue 30 gave no reason: "other"; nothing else has one), so no scan of the log is needed here.
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_restock_reason_check" CHECK (("stock_movements"."reason" = 'restock') = ("stock_movements"."restock_reason" is not null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_note_check" CHECK (char_length("stock_movements"."note") <= 500) NOT VALID;--> statement-breakpoint
-- Last: an UPDATE before an ALTER of the same table fails on PostgreSQL when it fires deferred triggers.
UPDATE "stock_movements" SET "restock_reason" = 'other' WHERE "reason" = 'restock';
