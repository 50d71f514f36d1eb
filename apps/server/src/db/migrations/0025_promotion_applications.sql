CREATE TABLE "promotion_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"request_id" text NOT NULL,
	"comment" text NOT NULL,
	"image_ids" jsonb NOT NULL,
	"status" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"claim_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_applications_status_ck" CHECK ("promotion_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "promotion_claims" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_claim_id_promotion_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."promotion_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_request_uq" ON "promotion_applications" USING btree ("promotion_id","account_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_pending_uq" ON "promotion_applications" USING btree ("promotion_id","account_id") WHERE "promotion_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "promotion_applications_status_idx" ON "promotion_applications" USING btree ("merchant_code","status","created_at");