CREATE TABLE "ledger_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"in_play_account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"close_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_status" CHECK ("ledger_holds"."status" in ('held', 'settled', 'void'))
);
--> statement-breakpoint
CREATE INDEX "ledger_holds_open_idx" ON "ledger_holds" USING btree ("created_at") WHERE "ledger_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "ledger_holds_owner_idx" ON "ledger_holds" USING btree ("owner_id","created_at");