CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text,
	"sender" text NOT NULL,
	"type" integer NOT NULL,
	"content" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_merchant_idx" ON "feedback" USING btree ("merchant_code","created_at");