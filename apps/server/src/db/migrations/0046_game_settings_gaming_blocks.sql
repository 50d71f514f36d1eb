CREATE TABLE "gaming_blocks" (
	"merchant_code" text NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"blocked_by" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaming_blocks_merchant_code_account_id_pk" PRIMARY KEY("merchant_code","account_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "hot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "artwork_upload_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "demo_allowed" boolean DEFAULT true NOT NULL;