CREATE TABLE "bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"hold_id" text NOT NULL,
	"close_entry_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bets_status" CHECK ("bets"."status" in ('held', 'settled', 'void'))
);
--> statement-breakpoint
CREATE TABLE "round_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"game_id" text NOT NULL,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"vendor_code" text NOT NULL,
	"engine" text NOT NULL,
	"status" text NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seed_commitment" text,
	"server_seed" text,
	"client_seed" text,
	"recover_after" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "rounds_status" CHECK ("rounds"."status" in ('open', 'settled', 'void'))
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_actions" ADD CONSTRAINT "round_actions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_account_idx" ON "bets" USING btree ("account_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_round_idx" ON "bets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_actions_round_idx" ON "round_actions" USING btree ("round_id","created_at");--> statement-breakpoint
CREATE INDEX "rounds_open_idx" ON "rounds" USING btree ("recover_after") WHERE "rounds"."status" = 'open';