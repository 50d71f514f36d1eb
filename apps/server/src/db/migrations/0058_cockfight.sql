CREATE TABLE "cockfight_arena_limits" (
	"arena_code" text NOT NULL,
	"currency" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"draw_max_bet" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cockfight_arena_limits_arena_code_currency_pk" PRIMARY KEY("arena_code","currency"),
	CONSTRAINT "cockfight_arena_limits_range" CHECK ("cockfight_arena_limits"."min_bet" > 0 and "cockfight_arena_limits"."max_bet" >= "cockfight_arena_limits"."min_bet" and "cockfight_arena_limits"."draw_max_bet" >= "cockfight_arena_limits"."min_bet")
);
--> statement-breakpoint
CREATE TABLE "cockfight_arenas" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stream_url" text,
	"commission_bp" integer DEFAULT 500 NOT NULL,
	"draw_ratio" integer DEFAULT 8 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cockfight_arenas_status" CHECK ("cockfight_arenas"."status" in ('open', 'closed')),
	CONSTRAINT "cockfight_arenas_commission" CHECK ("cockfight_arenas"."commission_bp" between 0 and 2000),
	CONSTRAINT "cockfight_arenas_draw" CHECK ("cockfight_arenas"."draw_ratio" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "cockfight_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"fight_id" text NOT NULL,
	"arena_code" text NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"request_id" text NOT NULL,
	"side" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint,
	"kernel_round_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cockfight_bets_stake" CHECK ("cockfight_bets"."stake" > 0),
	CONSTRAINT "cockfight_bets_side" CHECK ("cockfight_bets"."side" in ('meron', 'wala', 'draw'))
);
--> statement-breakpoint
CREATE TABLE "cockfight_fights" (
	"id" text PRIMARY KEY NOT NULL,
	"arena_code" text NOT NULL,
	"number" integer NOT NULL,
	"meron" text NOT NULL,
	"wala" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"declared" text,
	"reason" text,
	"books" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"commission_bp" integer NOT NULL,
	"draw_ratio" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"settled_at" timestamp (3) with time zone,
	CONSTRAINT "cockfight_fights_status" CHECK ("cockfight_fights"."status" in ('scheduled', 'open', 'last-call', 'closed', 'settled')),
	CONSTRAINT "cockfight_fights_declared" CHECK ("cockfight_fights"."declared" is null or "cockfight_fights"."declared" in ('meron', 'wala', 'draw', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cockfight_arena_limits" ADD CONSTRAINT "cockfight_arena_limits_arena_code_cockfight_arenas_code_fk" FOREIGN KEY ("arena_code") REFERENCES "public"."cockfight_arenas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_bets" ADD CONSTRAINT "cockfight_bets_fight_id_cockfight_fights_id_fk" FOREIGN KEY ("fight_id") REFERENCES "public"."cockfight_fights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cockfight_fights" ADD CONSTRAINT "cockfight_fights_arena_code_cockfight_arenas_code_fk" FOREIGN KEY ("arena_code") REFERENCES "public"."cockfight_arenas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cockfight_bets_request_uq" ON "cockfight_bets" USING btree ("player","request_id");--> statement-breakpoint
CREATE INDEX "cockfight_bets_fight_idx" ON "cockfight_bets" USING btree ("fight_id","merchant_code");--> statement-breakpoint
CREATE INDEX "cockfight_bets_player_idx" ON "cockfight_bets" USING btree ("player","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cockfight_fights_arena_number_uq" ON "cockfight_fights" USING btree ("arena_code","number");