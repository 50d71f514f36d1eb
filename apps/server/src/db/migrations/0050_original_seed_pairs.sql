CREATE TABLE "original_demo_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"balance" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "original_demo_sessions_balance" CHECK ("original_demo_sessions"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "original_requests" (
	"account_id" text NOT NULL,
	"request_id" text NOT NULL,
	"game" text NOT NULL,
	"round_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "original_requests_account_id_request_id_pk" PRIMARY KEY("account_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "original_seed_pairs" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"game" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "original_seed_pairs_status" CHECK ("original_seed_pairs"."status" in ('active', 'revealed')),
	CONSTRAINT "original_seed_pairs_nonce" CHECK ("original_seed_pairs"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "original_seed_pairs_active_uq" ON "original_seed_pairs" USING btree ("account_id","game") WHERE "original_seed_pairs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "original_seed_pairs_revealed_idx" ON "original_seed_pairs" USING btree ("account_id","game","revealed_at");--> statement-breakpoint
CREATE INDEX "rounds_unrevealed_seed_idx" ON "rounds" USING btree ("seed_commitment") WHERE "rounds"."server_seed" is null and "rounds"."seed_commitment" is not null;