CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"type" text NOT NULL,
	"platform" text,
	"execution" text NOT NULL,
	"group_name" text,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"promotion_type" text,
	"linkage_type" text DEFAULT 'NONE' NOT NULL,
	"url" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"marquee" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "announcements_merchant_idx" ON "announcements" USING btree ("merchant_code","type","sort");--> statement-breakpoint
CREATE INDEX "notices_merchant_idx" ON "notices" USING btree ("merchant_code","starts_at");