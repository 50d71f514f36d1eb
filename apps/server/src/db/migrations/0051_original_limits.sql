CREATE TABLE "original_limits" (
	"merchant_code" text NOT NULL,
	"game" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"max_profit" bigint NOT NULL,
	"rtp_bps" integer DEFAULT 9900 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "original_limits_merchant_code_game_pk" PRIMARY KEY("merchant_code","game"),
	CONSTRAINT "original_limits_bets" CHECK ("original_limits"."min_bet" > 0 and "original_limits"."max_bet" >= "original_limits"."min_bet" and "original_limits"."max_profit" > 0),
	CONSTRAINT "original_limits_rtp" CHECK ("original_limits"."rtp_bps" between 9500 and 9900)
);
