-- The settled-bet stream's position: existing records are numbered in the order they settled.
CREATE SEQUENCE "bet_records_seq_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "bet_records" b SET "seq" = o.n
FROM (
	SELECT id, row_number() OVER (ORDER BY coalesce(settled_at, placed_at), placed_at, id) AS n
	FROM "bet_records"
) o
WHERE o.id = b.id;--> statement-breakpoint
SELECT setval('bet_records_seq_seq', coalesce((SELECT max("seq") FROM "bet_records"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "bet_records" ALTER COLUMN "seq" SET DEFAULT nextval('bet_records_seq_seq');--> statement-breakpoint
ALTER TABLE "bet_records" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "bet_records_seq_seq" OWNED BY "bet_records"."seq";--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_records_seq_uq" ON "bet_records" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "bet_records_stream_idx" ON "bet_records" USING btree ("xid","seq");--> statement-breakpoint
-- A record changed in place (a vendor's win after its bet, a rollback) moves to the stream's head,
-- written by the changing transaction, so a cursor reader sees the change once it commits.
CREATE FUNCTION bet_records_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (NEW.stake, NEW.valid_bet, NEW.payout, NEW.status, NEW.settled_at)
		IS DISTINCT FROM (OLD.stake, OLD.valid_bet, OLD.payout, OLD.status, OLD.settled_at) THEN
		NEW.seq := nextval('bet_records_seq_seq');
		NEW.xid := pg_current_xact_id();
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bet_records_advance BEFORE UPDATE ON "bet_records"
	FOR EACH ROW EXECUTE FUNCTION bet_records_advance();
