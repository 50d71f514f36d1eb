CREATE TABLE "promotion_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"account_id" text NOT NULL,
	"request_id" text NOT NULL,
	"source_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"turnover" bigint NOT NULL,
	"wallet" text NOT NULL,
	"entry_id" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_rebate_days" (
	"promotion_id" text NOT NULL,
	"day" date NOT NULL,
	"members" integer NOT NULL,
	"paid" bigint NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_rebate_days_promotion_id_day_pk" PRIMARY KEY("promotion_id","day")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" jsonb NOT NULL,
	"budget" bigint,
	"spent" bigint DEFAULT 0 NOT NULL,
	"per_member_limit" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_spent_within_budget" CHECK ("promotions"."budget" is null or "promotions"."spent" <= "promotions"."budget")
);
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rebate_days" ADD CONSTRAINT "promotion_rebate_days_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_request_uq" ON "promotion_claims" USING btree ("promotion_id","account_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_source_uq" ON "promotion_claims" USING btree ("promotion_id","account_id","source_id");--> statement-breakpoint
CREATE INDEX "promotion_claims_account_idx" ON "promotion_claims" USING btree ("account_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotions_merchant_idx" ON "promotions" USING btree ("merchant_code","enabled","sort");--> statement-breakpoint
CREATE INDEX "promotions_kind_idx" ON "promotions" USING btree ("kind","enabled");