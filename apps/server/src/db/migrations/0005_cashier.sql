CREATE TABLE "cashier_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"withdraw_min" bigint NOT NULL,
	"withdraw_max" bigint NOT NULL,
	"withdraw_daily_count" integer NOT NULL,
	"turnover_multiple_tenths" integer NOT NULL,
	"confirm_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"channel_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"gateway_ref" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"ledger_entry_id" text
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"merchant_code" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"gateway" text,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"receiving" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_channels_merchant_code_code_pk" PRIMARY KEY("merchant_code","code")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"required" bigint NOT NULL,
	"progressed" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"payout_account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"confirmation" text,
	"received_amount" bigint,
	"confirm_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"hold_entry_id" text NOT NULL,
	"settle_entry_id" text
);
--> statement-breakpoint
CREATE INDEX "deposit_orders_account_idx" ON "deposit_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_status_idx" ON "deposit_orders" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_gateway_ref_uq" ON "deposit_orders" USING btree ("channel_code","gateway_ref") WHERE "deposit_orders"."gateway_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_uq" ON "payout_accounts" USING btree ("account_id","kind","provider","account_number");--> statement-breakpoint
CREATE INDEX "turnover_requirements_account_idx" ON "turnover_requirements" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_source_uq" ON "turnover_requirements" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_account_idx" ON "withdrawal_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" USING btree ("merchant_code","status","created_at");