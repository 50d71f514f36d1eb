CREATE TABLE "bingo_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"game" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"idx" integer NOT NULL,
	"stake" bigint NOT NULL,
	"numbers" jsonb NOT NULL,
	"server_seed_hash" text NOT NULL,
	"server_seed" text,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"pattern" text,
	"payout" bigint,
	"kernel_round_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bingo_cards_stake" CHECK ("bingo_cards"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "bingo_games" (
	"number" integer PRIMARY KEY NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"balls" jsonb NOT NULL,
	"status" text NOT NULL,
	"buy_ends_at" timestamp (3) with time zone NOT NULL,
	"call_ms" integer NOT NULL,
	"started_at" timestamp (3) with time zone,
	"ends_at" timestamp (3) with time zone,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "bingo_games_status" CHECK ("bingo_games"."status" in ('open', 'calling', 'done'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bingo_cards_request_uq" ON "bingo_cards" USING btree ("player","request_id","idx");--> statement-breakpoint
CREATE INDEX "bingo_cards_game_idx" ON "bingo_cards" USING btree ("game","player");--> statement-breakpoint
CREATE INDEX "bingo_cards_player_idx" ON "bingo_cards" USING btree ("player","game");--> statement-breakpoint
CREATE INDEX "bingo_games_status_idx" ON "bingo_games" USING btree ("status","number");