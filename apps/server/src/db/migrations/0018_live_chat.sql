CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sender_role" text NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_role_ck" CHECK ("chat_messages"."sender_role" in ('member', 'visitor', 'operator')),
	CONSTRAINT "chat_messages_body_ck" CHECK (char_length("chat_messages"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "chat_models" (
	"merchant_code" text NOT NULL,
	"id" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "chat_models_merchant_code_id_pk" PRIMARY KEY("merchant_code","id")
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text,
	"key_hash" text NOT NULL,
	"model_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"operator_read_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "chat_sessions_status_ck" CHECK ("chat_sessions"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_models" ADD CONSTRAINT "chat_models_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_session_seq_uq" ON "chat_messages" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "chat_sessions_merchant_open_idx" ON "chat_sessions" USING btree ("merchant_code","status","last_activity_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_account_idx" ON "chat_sessions" USING btree ("account_id","status");