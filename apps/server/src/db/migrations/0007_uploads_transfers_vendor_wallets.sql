CREATE TABLE "sandbox_vendor_transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"vendor_code" text NOT NULL,
	"player_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"vendor_code" text NOT NULL,
	"account_type_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_wallets" (
	"merchant_code" text NOT NULL,
	"account_type_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_wallets_merchant_code_account_type_id_pk" PRIMARY KEY("merchant_code","account_type_id")
);
--> statement-breakpoint
CREATE TABLE "agent_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"from_account_id" text NOT NULL,
	"to_account_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"owner_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"attached_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "receipt_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "confirm_entry_id" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "proof_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "resolve_entry_id" text;--> statement-breakpoint
CREATE INDEX "sandbox_vendor_transfers_player_idx" ON "sandbox_vendor_transfers" USING btree ("vendor_code","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_request_uq" ON "vendor_transfers" USING btree ("account_id","request_id");--> statement-breakpoint
CREATE INDEX "vendor_transfers_pending_idx" ON "vendor_transfers" USING btree ("updated_at") WHERE "vendor_transfers"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_wallets_vendor_uq" ON "vendor_wallets" USING btree ("merchant_code","vendor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_transfers_request_uq" ON "agent_transfers" USING btree ("from_account_id","request_id");--> statement-breakpoint
CREATE INDEX "agent_transfers_from_idx" ON "agent_transfers" USING btree ("from_account_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_transfers_to_idx" ON "agent_transfers" USING btree ("to_account_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_type_idx" ON "ledger_postings" USING btree ("account_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_awaiting_idx" ON "withdrawal_requests" USING btree ("confirm_deadline") WHERE "withdrawal_requests"."confirmation" = 'awaiting';