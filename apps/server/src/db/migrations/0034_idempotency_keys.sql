CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"token" uuid NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"response" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_owner_route_key" ON "idempotency_keys" USING btree ("owner","route","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at" ON "idempotency_keys" USING btree ("created_at");