ALTER TABLE "turnover_requirements" ADD COLUMN "release_amount" bigint;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "release_entry_id" text;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD COLUMN "released_at" timestamp with time zone;