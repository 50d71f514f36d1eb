ALTER TABLE "accounts" ADD COLUMN "referred_by" text;--> statement-breakpoint
CREATE INDEX "accounts_referred_by_idx" ON "accounts" USING btree ("referred_by");