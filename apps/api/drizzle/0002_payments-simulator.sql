CREATE TABLE "simulated_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_last4" text,
	"last_error" jsonb,
	"return_url" text,
	"settles_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "simulated_payment_intents_amount_check" CHECK ("simulated_payment_intents"."amount" > 0),
	CONSTRAINT "simulated_payment_intents_status_check" CHECK ("simulated_payment_intents"."status" in ('requires_payment_method','requires_confirmation','requires_action','processing','succeeded','canceled'))
);
--> statement-breakpoint
CREATE TABLE "simulated_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "simulated_refunds_amount_check" CHECK ("simulated_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "simulated_refunds" ADD CONSTRAINT "simulated_refunds_intent_id_simulated_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."simulated_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulated_payment_intents_processing_idx" ON "simulated_payment_intents" USING btree ("settles_at") WHERE "simulated_payment_intents"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "simulated_refunds_intent_idx" ON "simulated_refunds" USING btree ("intent_id");