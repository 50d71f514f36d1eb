CREATE TABLE "game_play_hourly" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"game_id" text NOT NULL,
	"rounds" integer NOT NULL,
	"stake" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	CONSTRAINT "game_play_hourly_merchant_code_hour_game_id_pk" PRIMARY KEY("merchant_code","hour","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_rollup_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_top_wins" (
	"merchant_code" text NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"bet_record_id" text NOT NULL,
	"account_id" text NOT NULL,
	"vendor_code" text NOT NULL,
	"game_id" text NOT NULL,
	"game_type" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"win" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_top_wins_merchant_code_quarter_bet_record_id_pk" PRIMARY KEY("merchant_code","quarter","bet_record_id")
);
--> statement-breakpoint
CREATE INDEX "game_top_wins_rank_idx" ON "game_top_wins" USING btree ("merchant_code","win" DESC NULLS LAST,"settled_at");