ALTER TABLE "crash_chains" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_block_height" integer;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_set_at" timestamp with time zone;--> statement-breakpoint
-- Salts made before this were random or from the environment: sandbox salts.
UPDATE "crash_chains" SET "salt_sandbox" = true, "salt_set_at" = "created_at" WHERE "salt" IS NOT NULL;