CREATE TABLE "points_balances" (
	"account_id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balances_non_negative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_configs" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"exchange_points" integer NOT NULL,
	"exchange_cash" bigint NOT NULL,
	"min_convert" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_configs_positive" CHECK ("points_configs"."exchange_points" > 0 and "points_configs"."exchange_cash" > 0),
	CONSTRAINT "points_configs_min_convert" CHECK ("points_configs"."min_convert" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_earn_cursors" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"bet_record_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor" text NOT NULL,
	"reference" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ratios" (
	"merchant_code" text NOT NULL,
	"game_type" text NOT NULL,
	"points" integer NOT NULL,
	"valid_bet_unit" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ratios_merchant_code_game_type_pk" PRIMARY KEY("merchant_code","game_type"),
	CONSTRAINT "points_ratios_positive" CHECK ("points_ratios"."points" >= 0 and "points_ratios"."valid_bet_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"cash_amount" bigint,
	"redeem_type" text NOT NULL,
	"province" text,
	"remarks" text,
	"status" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"image" text,
	"kind" text NOT NULL,
	"required_points" bigint NOT NULL,
	"cash_amount" bigint,
	"stock" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_rewards_stock_non_negative" CHECK ("points_rewards"."stock" >= 0),
	CONSTRAINT "points_rewards_required_positive" CHECK ("points_rewards"."required_points" > 0),
	CONSTRAINT "points_rewards_cash_amount" CHECK (("points_rewards"."kind" = 'cash') = ("points_rewards"."cash_amount" is not null and "points_rewards"."cash_amount" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idempotency_uq" ON "points_ledger" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_ledger_account_idx" ON "points_ledger" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_redemptions_account_idx" ON "points_redemptions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "points_redemptions_status_idx" ON "points_redemptions" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "points_rewards_merchant_idx" ON "points_rewards" USING btree ("merchant_code","sort");