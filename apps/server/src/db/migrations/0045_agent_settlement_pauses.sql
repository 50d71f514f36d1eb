CREATE TABLE "agent_settlement_pauses" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"paused_by" text NOT NULL,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
