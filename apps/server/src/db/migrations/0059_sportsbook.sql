CREATE TABLE "sports_fixtures" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"league_id" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"clock" text,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"source" text NOT NULL,
	"feed_ref" text,
	"simulated" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_fixtures_status" CHECK ("sports_fixtures"."status" in ('scheduled', 'live', 'finished', 'cancelled', 'postponed'))
);
--> statement-breakpoint
CREATE TABLE "sports_leagues" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_limits" (
	"currency" text PRIMARY KEY NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	CONSTRAINT "sports_limits_range" CHECK ("sports_limits"."min_stake" > 0 and "sports_limits"."max_stake" >= "sports_limits"."min_stake" and "sports_limits"."max_payout" > "sports_limits"."max_stake")
);
--> statement-breakpoint
CREATE TABLE "sports_markets" (
	"id" text PRIMARY KEY NOT NULL,
	"fixture_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"line" integer,
	"scores_offered" jsonb,
	"odds" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"stake_factor" integer DEFAULT 100 NOT NULL,
	"score" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"settled_at" timestamp (3) with time zone,
	CONSTRAINT "sports_markets_status" CHECK ("sports_markets"."status" in ('open', 'suspended', 'settled', 'void')),
	CONSTRAINT "sports_markets_factor" CHECK ("sports_markets"."stake_factor" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "sports_ticket_legs" (
	"ticket_id" text NOT NULL,
	"idx" integer NOT NULL,
	"fixture_id" text NOT NULL,
	"market_id" text NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"score_at_bet" jsonb,
	"outcome" text,
	CONSTRAINT "sports_ticket_legs_ticket_id_idx_pk" PRIMARY KEY("ticket_id","idx")
);
--> statement-breakpoint
CREATE TABLE "sports_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds" integer NOT NULL,
	"potential" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout" bigint,
	"kernel_round_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp (3) with time zone,
	CONSTRAINT "sports_tickets_stake" CHECK ("sports_tickets"."stake" > 0)
);
--> statement-breakpoint
ALTER TABLE "sports_fixtures" ADD CONSTRAINT "sports_fixtures_league_id_sports_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."sports_leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD CONSTRAINT "sports_markets_fixture_id_sports_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."sports_fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_ticket_legs" ADD CONSTRAINT "sports_ticket_legs_ticket_id_sports_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."sports_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_ticket_legs" ADD CONSTRAINT "sports_ticket_legs_market_id_sports_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sports_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sports_fixtures_feed_uq" ON "sports_fixtures" USING btree ("source","feed_ref");--> statement-breakpoint
CREATE INDEX "sports_fixtures_status_idx" ON "sports_fixtures" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "sports_markets_fixture_idx" ON "sports_markets" USING btree ("fixture_id","sort");--> statement-breakpoint
CREATE INDEX "sports_ticket_legs_market_idx" ON "sports_ticket_legs" USING btree ("market_id","selection");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_tickets_request_uq" ON "sports_tickets" USING btree ("player","request_id");--> statement-breakpoint
CREATE INDEX "sports_tickets_player_idx" ON "sports_tickets" USING btree ("player","created_at");