CREATE TABLE "mission_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"mission_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"period_key" text NOT NULL,
	"request_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"turnover" bigint NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"period" text NOT NULL,
	"task" text NOT NULL,
	"game_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"turnover_multiple_tenths" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"budget" bigint,
	"spent" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_spent_within_budget" CHECK ("missions"."budget" is null or "missions"."spent" <= "missions"."budget"),
	CONSTRAINT "missions_target_positive" CHECK ("missions"."target" > 0),
	CONSTRAINT "missions_reward_positive" CHECK ("missions"."reward" > 0)
);
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_period_uq" ON "mission_claims" USING btree ("mission_id","account_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_request_uq" ON "mission_claims" USING btree ("mission_id","account_id","request_id");--> statement-breakpoint
CREATE INDEX "mission_claims_account_idx" ON "mission_claims" USING btree ("account_id","period_key");--> statement-breakpoint
CREATE INDEX "missions_merchant_idx" ON "missions" USING btree ("merchant_code","enabled","sort");