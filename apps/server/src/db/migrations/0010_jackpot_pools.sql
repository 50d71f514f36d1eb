CREATE TABLE "jackpot_hits" (
	"id" text PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"vendor_code" text NOT NULL,
	"round_id" text NOT NULL,
	"bet_tx_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"entry_id" text,
	"hit_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"names" jsonb NOT NULL,
	"vendor_codes" text[] NOT NULL,
	"contribution_bps" integer NOT NULL,
	"seed" bigint NOT NULL,
	"hit_odds" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_hits_bet_uq" ON "jackpot_hits" USING btree ("pool_id","vendor_code","bet_tx_id");--> statement-breakpoint
CREATE INDEX "jackpot_hits_round_idx" ON "jackpot_hits" USING btree ("vendor_code","round_id","account_id");--> statement-breakpoint
CREATE INDEX "jackpot_hits_pool_idx" ON "jackpot_hits" USING btree ("pool_id","paid_at");--> statement-breakpoint
CREATE INDEX "jackpot_hits_pending_idx" ON "jackpot_hits" USING btree ("status","hit_at");--> statement-breakpoint
CREATE INDEX "jackpot_pools_merchant_idx" ON "jackpot_pools" USING btree ("merchant_code");