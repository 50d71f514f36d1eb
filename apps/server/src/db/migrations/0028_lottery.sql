CREATE TABLE "lottery_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"issue_row_id" text NOT NULL,
	"issue_id" text NOT NULL,
	"bet_type" text NOT NULL,
	"selection" jsonb NOT NULL,
	"positions" jsonb,
	"unit_stake" bigint NOT NULL,
	"units" integer NOT NULL,
	"cost" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint,
	"hits" jsonb,
	"request_id" text NOT NULL,
	"seq" integer NOT NULL,
	"debit_entry_id" text NOT NULL,
	"payout_entry_id" text,
	"chase_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_chases" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"game_code" text NOT NULL,
	"bet" jsonb NOT NULL,
	"issue_ids" jsonb NOT NULL,
	"multipliers" jsonb NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text NOT NULL,
	"total_cost" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"issue_id" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"result" jsonb,
	"result_source" text,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"settled_count" integer DEFAULT 0 NOT NULL,
	"paid_total" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_result_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"issue_row_id" text NOT NULL,
	"result" jsonb NOT NULL,
	"status" text NOT NULL,
	"entered_by" text NOT NULL,
	"confirmed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_request_uq" ON "lottery_bets" USING btree ("account_id","request_id","seq");--> statement-breakpoint
CREATE INDEX "lottery_bets_pending_idx" ON "lottery_bets" USING btree ("issue_row_id","id") WHERE "lottery_bets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lottery_bets_issue_account_idx" ON "lottery_bets" USING btree ("issue_row_id","account_id");--> statement-breakpoint
CREATE INDEX "lottery_bets_account_idx" ON "lottery_bets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_bets_chase_idx" ON "lottery_bets" USING btree ("chase_id") WHERE "lottery_bets"."chase_id" is not null;--> statement-breakpoint
CREATE INDEX "lottery_chases_account_idx" ON "lottery_chases" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_issues_game_issue_uq" ON "lottery_issues" USING btree ("game_code","issue_id");--> statement-breakpoint
CREATE INDEX "lottery_issues_game_draw_idx" ON "lottery_issues" USING btree ("game_code","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_issues_status_idx" ON "lottery_issues" USING btree ("status","closes_at");--> statement-breakpoint
CREATE INDEX "lottery_issues_updated_idx" ON "lottery_issues" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "lottery_result_entries_issue_idx" ON "lottery_result_entries" USING btree ("issue_row_id","created_at");