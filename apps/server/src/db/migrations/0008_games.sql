CREATE TABLE "bet_records" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"vendor_code" text NOT NULL,
	"game_id" text NOT NULL,
	"game_type" text NOT NULL,
	"round_id" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favourite_games" (
	"account_id" text NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_games_account_id_game_id_pk" PRIMARY KEY("account_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_vendors" (
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"game_type" text NOT NULL,
	"display_name" text NOT NULL,
	"large_icon" text,
	"wallet_mode" text NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_vendors_merchant_code_code_pk" PRIMARY KEY("merchant_code","code")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"vendor_code" text NOT NULL,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text,
	"is_game" boolean DEFAULT true NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taya_slot_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"game_code" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"stops" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"account_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"vendor_code" text NOT NULL,
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" text NOT NULL,
	"round_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"ref_tx_id" text,
	"request_hash" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transactions_vendor_code_tx_id_pk" PRIMARY KEY("vendor_code","tx_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bet_records_round_uq" ON "bet_records" USING btree ("vendor_code","round_id","account_id");--> statement-breakpoint
CREATE INDEX "bet_records_account_idx" ON "bet_records" USING btree ("account_id","placed_at");--> statement-breakpoint
CREATE INDEX "bet_records_settled_idx" ON "bet_records" USING btree ("merchant_code","settled_at");--> statement-breakpoint
CREATE INDEX "bet_records_game_idx" ON "bet_records" USING btree ("game_id","settled_at");--> statement-breakpoint
CREATE INDEX "favourite_games_account_idx" ON "favourite_games" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_uq" ON "games" USING btree ("merchant_code","vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("merchant_code","game_type","sort");--> statement-breakpoint
CREATE INDEX "taya_slot_rounds_account_idx" ON "taya_slot_rounds" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_sessions_account_idx" ON "vendor_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_round_idx" ON "vendor_transactions" USING btree ("vendor_code","round_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_ref_idx" ON "vendor_transactions" USING btree ("vendor_code","ref_tx_id") WHERE "vendor_transactions"."ref_tx_id" is not null;