CREATE TABLE "member_message_reads" (
	"message_id" text NOT NULL,
	"account_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_message_reads_account_id_message_id_pk" PRIMARY KEY("account_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "member_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_messages_account_idx" ON "member_messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "member_messages_merchant_idx" ON "member_messages" USING btree ("merchant_code","created_at");