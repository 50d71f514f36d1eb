CREATE TABLE "vip_counted" (
	"source" text NOT NULL,
	"record_id" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_counted_source_record_id_pk" PRIMARY KEY("source","record_id")
);
--> statement-breakpoint
CREATE TABLE "vip_cursors" (
	"source" text NOT NULL,
	"merchant_code" text NOT NULL,
	"read_to" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_cursors_source_merchant_code_pk" PRIMARY KEY("source","merchant_code")
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_code" text NOT NULL,
	"rank_level" integer NOT NULL,
	"label" jsonb NOT NULL,
	"valid_bet_threshold" bigint NOT NULL,
	"deposit_threshold" bigint NOT NULL,
	"rebate_rate_bps" integer DEFAULT 0 NOT NULL,
	"rebate_rates_bps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_withdraw_count" integer,
	"daily_withdraw_amount" bigint,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_merchant_code_rank_level_pk" PRIMARY KEY("merchant_code","rank_level"),
	CONSTRAINT "vip_levels_rank_ck" CHECK ("vip_levels"."rank_level" >= 0),
	CONSTRAINT "vip_levels_amounts_ck" CHECK ("vip_levels"."valid_bet_threshold" >= 0 and "vip_levels"."deposit_threshold" >= 0 and "vip_levels"."upgrade_bonus" >= 0 and "vip_levels"."rebate_rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "vip_progress" (
	"account_id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"rank_level" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_upgrades" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"from_level" integer NOT NULL,
	"to_level" integer NOT NULL,
	"upgraded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vip_upgrades_member_level_uq" ON "vip_upgrades" USING btree ("account_id","to_level");--> statement-breakpoint
CREATE INDEX "vip_upgrades_merchant_idx" ON "vip_upgrades" USING btree ("merchant_code","upgraded_at");