ALTER TABLE "cashier_settings" ADD COLUMN "review_threshold" bigint;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "fee_fixed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "decision_note" text;