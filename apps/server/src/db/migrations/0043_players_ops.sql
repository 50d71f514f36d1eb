CREATE TABLE "promotion_exclusions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"reason" text NOT NULL,
	"excluded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_code" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_username" text NOT NULL,
	"request_key" text NOT NULL,
	"decided_by" text,
	"decided_by_username" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"author_id" text NOT NULL,
	"author_username" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_ops_settings" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"adjust_approval_above" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tags" (
	"account_id" text NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_account_id_tag_pk" PRIMARY KEY("account_id","tag")
);
--> statement-breakpoint
CREATE INDEX "ops_approvals_status_idx" ON "ops_approvals" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ops_approvals_request_uq" ON "ops_approvals" USING btree ("requested_by","request_key");--> statement-breakpoint
CREATE INDEX "player_notes_account_idx" ON "player_notes" USING btree ("account_id","created_at");