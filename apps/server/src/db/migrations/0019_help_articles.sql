CREATE TABLE "help_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"parent_id" text,
	"tag" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"display" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "help_articles_merchant_idx" ON "help_articles" USING btree ("merchant_code","parent_id","sort");