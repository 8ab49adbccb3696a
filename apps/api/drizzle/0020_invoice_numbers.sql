CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_single_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"tin" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_settings_single_row" CHECK ("invoice_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_issuer" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Hand-written (invoice, issue 19, decision 013): the demo shop's invoice details, the counter, the numbers of the
-- orders already paid, and the trigger that numbers every order the moment it first becomes paid.
INSERT INTO "invoice_settings" ("id", "legal_name", "tin", "address")
VALUES (1, 'Bilum Trading Limited', '500123456', E'Section 38, Allotment 12, Waigani Drive\nPort Moresby, NCD 111\nPapua New Guinea')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", row_number() OVER (ORDER BY "paid_at", "id") AS "n"
  FROM "orders" WHERE "paid_at" IS NOT NULL AND "payment_status" IN ('paid', 'refunded')
)
UPDATE "orders" SET
  "invoice_number" = "numbered"."n",
  "invoice_issuer" = (SELECT jsonb_build_object('legalName', "legal_name", 'tin', "tin", 'address', "address") FROM "invoice_settings" WHERE "id" = 1)
FROM "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last_number")
SELECT 1, coalesce(max("invoice_number"), 0) FROM "orders"
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bilum_assign_invoice_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Given once: a number already given never changes, nor the seller's details copied with it.
  IF TG_OP = 'UPDATE' AND OLD.invoice_number IS NOT NULL THEN
    NEW.invoice_number := OLD.invoice_number;
    NEW.invoice_issuer := OLD.invoice_issuer;
    RETURN NEW;
  END IF;
  IF NEW.payment_status = 'paid' AND NEW.invoice_number IS NULL THEN
    -- The counter row stays locked until the paying transaction ends: no two orders get the same number, and a
    -- rolled-back payment leaves no gap.
    INSERT INTO invoice_counter (id, last_number) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET last_number = invoice_counter.last_number + 1
    RETURNING last_number INTO NEW.invoice_number;
    NEW.invoice_issuer := (
      SELECT jsonb_build_object('legalName', legal_name, 'tin', tin, 'address', address)
      FROM invoice_settings WHERE id = 1
    );
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_assign_invoice_number BEFORE INSERT OR UPDATE ON "orders"
FOR EACH ROW EXECUTE FUNCTION bilum_assign_invoice_number();
