CREATE TABLE "login_address_throttle" (
	"merchant_code" text NOT NULL,
	"username_key" text NOT NULL,
	"client_ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_address_throttle_merchant_code_username_key_client_ip_pk" PRIMARY KEY("merchant_code","username_key","client_ip")
);
--> statement-breakpoint
CREATE TABLE "send_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
