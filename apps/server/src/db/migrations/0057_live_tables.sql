CREATE TABLE "live_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"table_code" text NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"stakes" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint,
	"kernel_round_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_bets_stake" CHECK ("live_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "live_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"table_code" text NOT NULL,
	"number" integer NOT NULL,
	"shoe_id" text,
	"hand" integer,
	"server_seed" text,
	"seed_hash" text,
	"client_seed" text,
	"status" text NOT NULL,
	"outcome" jsonb,
	"void_reason" text,
	"betting_ends_at" timestamp (3) with time zone NOT NULL,
	"dealt_at" timestamp (3) with time zone,
	"next_at" timestamp (3) with time zone,
	CONSTRAINT "live_rounds_status" CHECK ("live_rounds"."status" in ('betting', 'dealt', 'void'))
);
--> statement-breakpoint
CREATE TABLE "live_shoes" (
	"id" text PRIMARY KEY NOT NULL,
	"table_code" text NOT NULL,
	"number" integer NOT NULL,
	"decks" integer NOT NULL,
	"server_seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"position" integer NOT NULL,
	"cut" text DEFAULT 'in' NOT NULL,
	"hands" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'dealing' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "live_shoes_status" CHECK ("live_shoes"."status" in ('dealing', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "live_table_limits" (
	"table_code" text NOT NULL,
	"currency" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"side_max_bet" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_table_limits_table_code_currency_pk" PRIMARY KEY("table_code","currency"),
	CONSTRAINT "live_table_limits_range" CHECK ("live_table_limits"."min_bet" > 0 and "live_table_limits"."max_bet" >= "live_table_limits"."min_bet" and "live_table_limits"."side_max_bet" >= "live_table_limits"."min_bet")
);
--> statement-breakpoint
CREATE TABLE "live_tables" (
	"code" text PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"variant" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"betting_ms" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_tables_status" CHECK ("live_tables"."status" in ('open', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rounds" ADD CONSTRAINT "live_rounds_table_code_live_tables_code_fk" FOREIGN KEY ("table_code") REFERENCES "public"."live_tables"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rounds" ADD CONSTRAINT "live_rounds_shoe_id_live_shoes_id_fk" FOREIGN KEY ("shoe_id") REFERENCES "public"."live_shoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_shoes" ADD CONSTRAINT "live_shoes_table_code_live_tables_code_fk" FOREIGN KEY ("table_code") REFERENCES "public"."live_tables"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_table_limits" ADD CONSTRAINT "live_table_limits_table_code_live_tables_code_fk" FOREIGN KEY ("table_code") REFERENCES "public"."live_tables"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bets_request_uq" ON "live_bets" USING btree ("player","request_id");--> statement-breakpoint
CREATE INDEX "live_bets_round_idx" ON "live_bets" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "live_bets_player_idx" ON "live_bets" USING btree ("player","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_table_number_uq" ON "live_rounds" USING btree ("table_code","number");--> statement-breakpoint
CREATE INDEX "live_rounds_shoe_idx" ON "live_rounds" USING btree ("shoe_id","hand");--> statement-breakpoint
CREATE UNIQUE INDEX "live_shoes_table_number_uq" ON "live_shoes" USING btree ("table_code","number");