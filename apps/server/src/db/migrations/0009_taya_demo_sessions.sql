CREATE TABLE "taya_demo_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"balance" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
