CREATE TABLE "color_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"stakes" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint,
	"kernel_round_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "color_bets_stake" CHECK ("color_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "color_rounds" (
	"number" integer PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"status" text NOT NULL,
	"dice" jsonb,
	"betting_ends_at" timestamp (3) with time zone NOT NULL,
	"rolled_at" timestamp (3) with time zone,
	"next_at" timestamp (3) with time zone,
	CONSTRAINT "color_rounds_status" CHECK ("color_rounds"."status" in ('betting', 'rolled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "color_bets_request_uq" ON "color_bets" USING btree ("player","request_id");--> statement-breakpoint
CREATE INDEX "color_bets_round_idx" ON "color_bets" USING btree ("round");--> statement-breakpoint
CREATE INDEX "color_bets_player_idx" ON "color_bets" USING btree ("player","round");--> statement-breakpoint
CREATE INDEX "color_rounds_status_idx" ON "color_rounds" USING btree ("status","number");