CREATE TABLE "points_earn_carry" (
	"account_id" text NOT NULL,
	"game_type" text NOT NULL,
	"owed" bigint NOT NULL,
	"unit" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_earn_carry_account_id_game_type_pk" PRIMARY KEY("account_id","game_type"),
	CONSTRAINT "points_earn_carry_range" CHECK ("points_earn_carry"."owed" >= 0 and "points_earn_carry"."unit" > 0 and "points_earn_carry"."owed" < "points_earn_carry"."unit")
);
