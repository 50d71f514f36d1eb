CREATE TABLE "agent_contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"product_type" text DEFAULT 'CONS' NOT NULL,
	"period" text,
	"upline_id" text,
	"downline_id" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"max_rate" integer NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"active_from" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "agent_settlement_runs" (
	"merchant_code" text NOT NULL,
	"schedule" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"contracts" integer NOT NULL,
	"paid" bigint NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlement_runs_merchant_code_schedule_window_start_pk" PRIMARY KEY("merchant_code","schedule","window_start")
);
--> statement-breakpoint
CREATE TABLE "agent_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"contract_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"kind" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"team_valid_bet" bigint NOT NULL,
	"team_net_loss" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"tier" integer,
	"rate" integer NOT NULL,
	"gross" bigint NOT NULL,
	"subordinates_gross" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"entry_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_tree" (
	"ancestor_id" text NOT NULL,
	"descendant_id" text NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "agent_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_active_uq" ON "agent_contracts" USING btree ("downline_id","kind","product_type") WHERE "agent_contracts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_pending_uq" ON "agent_contracts" USING btree ("downline_id","kind","product_type") WHERE "agent_contracts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline_idx" ON "agent_contracts" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_merchant_idx" ON "agent_contracts" USING btree ("merchant_code","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlements_window_uq" ON "agent_settlements" USING btree ("contract_id","window_start");--> statement-breakpoint
CREATE INDEX "agent_settlements_agent_idx" ON "agent_settlements" USING btree ("agent_id","kind","window_start");--> statement-breakpoint
CREATE INDEX "agent_tree_descendant_idx" ON "agent_tree" USING btree ("descendant_id","depth");