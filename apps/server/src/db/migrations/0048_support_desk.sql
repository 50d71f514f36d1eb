CREATE TABLE "support_canned_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_canned_replies_body_ck" CHECK (char_length("support_canned_replies"."body") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "assigned_operator_id" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_canned_replies" ADD CONSTRAINT "support_canned_replies_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_canned_replies_merchant_idx" ON "support_canned_replies" USING btree ("merchant_code","title");