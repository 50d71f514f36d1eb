CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" text,
	"actor_username" text,
	"actor_role" text,
	"merchant_code" text,
	"address" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"merchants" text[],
	"status" text DEFAULT 'active' NOT NULL,
	"totp_secret_sealed" text,
	"totp_last_step" bigint,
	"enrolled" boolean DEFAULT false NOT NULL,
	"enrol_token_hash" text,
	"enrol_expires_at" timestamp with time zone,
	"ip_allow_list" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "operators_username_unique" UNIQUE("username"),
	CONSTRAINT "operators_enrol_token_hash_unique" UNIQUE("enrol_token_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "operator_role" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "operator_username" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "operator_merchants" text[];--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "idle_minutes" integer;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_username","seq");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");