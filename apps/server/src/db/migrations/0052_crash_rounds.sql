CREATE TABLE "crash_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cashout" bigint,
	"cashout" bigint,
	"payout" bigint,
	"kernel_round_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_bets_stake" CHECK ("crash_bets"."stake" > 0),
	CONSTRAINT "crash_bets_auto" CHECK ("crash_bets"."auto_cashout" is null or "crash_bets"."auto_cashout" > 100)
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"length" integer NOT NULL,
	"terminating_hash" text NOT NULL,
	"salt" text NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_chains_played" CHECK ("crash_chains"."played" >= 0 and "crash_chains"."played" <= "crash_chains"."length")
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"number" integer PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"game" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"rtp_bps" integer NOT NULL,
	"status" text NOT NULL,
	"betting_ends_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"crash_at" timestamp (3) with time zone,
	"crashed_at" timestamp (3) with time zone,
	CONSTRAINT "crash_rounds_status" CHECK ("crash_rounds"."status" in ('open', 'running', 'crashed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_request_uq" ON "crash_bets" USING btree ("player","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_player_uq" ON "crash_bets" USING btree ("round","player");--> statement-breakpoint
CREATE INDEX "crash_bets_player_idx" ON "crash_bets" USING btree ("player","round");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_active_uq" ON "crash_chains" USING btree ("active") WHERE "crash_chains"."active";--> statement-breakpoint
CREATE INDEX "crash_rounds_status_idx" ON "crash_rounds" USING btree ("status","number");