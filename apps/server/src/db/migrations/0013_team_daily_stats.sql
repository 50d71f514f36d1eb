CREATE TABLE "member_daily_stats" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"valid_bet" bigint NOT NULL,
	"net_loss" bigint NOT NULL,
	"bets" integer NOT NULL,
	CONSTRAINT "member_daily_stats_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_daily_stats" (
	"agent_id" text NOT NULL,
	"day" date NOT NULL,
	"merchant_code" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_daily_stats_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_rollup_runs" (
	"merchant_code" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rollup_runs_merchant_code_window_start_pk" PRIMARY KEY("merchant_code","window_start")
);
--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("merchant_code","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_cash_moves_idx" ON "ledger_postings" USING btree ("created_at") WHERE "ledger_postings"."type" in ('deposit', 'withdrawal');