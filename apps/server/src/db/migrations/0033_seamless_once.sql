CREATE UNIQUE INDEX "vendor_transactions_void_uq" ON "vendor_transactions" USING btree ("vendor_code","ref_tx_id") WHERE "vendor_transactions"."kind" = 'rollback' and "vendor_transactions"."entry_id" is not null;--> statement-breakpoint
-- NOT VALID: rows written before this check are left as they are; every change from now on is held to it.
ALTER TABLE "bet_records" ADD CONSTRAINT "bet_records_stake_nonnegative" CHECK ("bet_records"."stake" >= 0) NOT VALID;--> statement-breakpoint
-- The seamless functions of 0014, changed (the header there still describes them):
--   seamless_bet  takes the vendor session's token hash and refuses with 'session_invalid' when
--                 the session is no longer live (expired, or revoked when its account was
--                 disabled), reading the database and holding the row until the bet commits.
--   seamless_win  answers 'round_cancelled' (not 'round_not_found') for a round every bet of
--                 which was rolled back.
DROP FUNCTION IF EXISTS seamless_bet(text, text, text, text, text, text, text, text, text, bigint,
	text, text, jsonb, text[], bigint[], text[], text[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seamless_bet(
	p_vendor text,
	p_tx_id text,
	p_request_hash text,
	p_account_id text,
	p_round_id text,
	p_merchant text,
	p_game_id text,
	p_game_type text,
	p_currency text,
	p_amount bigint,
	p_entry_id text,
	p_ledger_hash text,
	p_metadata jsonb,
	p_account_ids text[],
	p_amounts bigint[],
	p_hit_ids text[],
	p_hit_pool_ids text[],
	p_session_hash text
)
RETURNS TABLE (status text, balance_after bigint, entry_id text)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_hash text;
	v_balance bigint;
	v_record_status text;
	v_post record;
	v_entry text;
	v_cash_balance bigint;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtextextended(p_vendor || ':' || p_tx_id, 0));

	SELECT t.request_hash, t.balance_after INTO v_hash, v_balance
	FROM vendor_transactions t
	WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx_id;
	IF FOUND THEN
		IF v_hash <> p_request_hash THEN
			RETURN QUERY SELECT 'idempotency_conflict'::text, NULL::bigint, NULL::text;
		ELSE
			RETURN QUERY SELECT 'replayed'::text, v_balance, NULL::text;
		END IF;
		RETURN;
	END IF;
	-- The player session must still be live (revoking it sets its expiry to now), read here and not
	-- from any cache; the share lock makes a revocation wait for the bets already past this point.
	PERFORM 1 FROM vendor_sessions s
	WHERE s.token_hash = p_session_hash AND s.vendor_code = p_vendor
		AND s.account_id = p_account_id AND s.expires_at > clock_timestamp()
	FOR SHARE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'session_invalid'::text, NULL::bigint, NULL::text;
		RETURN;
	END IF;
	IF EXISTS (
		SELECT 1 FROM vendor_transactions t WHERE t.vendor_code = p_vendor AND t.ref_tx_id = p_tx_id
	) THEN
		RETURN QUERY SELECT 'rolled_back'::text, NULL::bigint, NULL::text;
		RETURN;
	END IF;

	SELECT b.status INTO v_record_status
	FROM bet_records b
	WHERE b.vendor_code = p_vendor AND b.round_id = p_round_id AND b.account_id = p_account_id
	FOR UPDATE;
	IF FOUND AND v_record_status <> 'open' THEN
		RETURN QUERY SELECT 'round_closed'::text, NULL::bigint, NULL::text;
		RETURN;
	END IF;

	-- The money: the first posting is the player's cash.
	FOR v_post IN
		SELECT * FROM ledger_post(p_entry_id, p_merchant, 'seamless:' || p_vendor || ':' || p_tx_id,
			p_ledger_hash, 'bet', 'vendor:' || p_vendor, p_vendor || ':' || p_round_id, NULL, NULL,
			p_metadata, p_account_ids, p_amounts)
	LOOP
		IF v_post.status NOT IN ('posted', 'replayed') THEN
			RETURN QUERY SELECT v_post.status, NULL::bigint, NULL::text;
			RETURN;
		END IF;
		v_entry := v_post.entry_id;
		IF v_post.account_id = p_account_ids[1] THEN
			v_cash_balance := v_post.balance_after;
		END IF;
	END LOOP;

	INSERT INTO bet_records AS b (id, merchant_code, account_id, vendor_code, game_id, game_type,
		round_id, currency, stake, valid_bet, status)
	VALUES (p_vendor || ':' || p_round_id || ':' || p_account_id, p_merchant, p_account_id, p_vendor,
		p_game_id, p_game_type, p_round_id, p_currency, p_amount, p_amount, 'open')
	ON CONFLICT (vendor_code, round_id, account_id) DO UPDATE
		SET stake = b.stake + excluded.stake, valid_bet = b.valid_bet + excluded.valid_bet
		WHERE b.status = 'open';
	IF NOT FOUND THEN
		-- Closed between the check and now: undo the statement, money included.
		RAISE EXCEPTION 'round_closed' USING ERRCODE = 'P0001';
	END IF;

	INSERT INTO vendor_transactions (vendor_code, tx_id, kind, account_id, round_id, amount,
		request_hash, balance_after, entry_id)
	VALUES (p_vendor, p_tx_id, 'bet', p_account_id, p_round_id, p_amount, p_request_hash,
		v_cash_balance, v_entry);

	IF cardinality(p_hit_ids) > 0 THEN
		INSERT INTO jackpot_hits (id, pool_id, merchant_code, account_id, vendor_code, round_id,
			bet_tx_id, stake)
		SELECT h.id, h.pool_id, p_merchant, p_account_id, p_vendor, p_round_id, p_tx_id, p_amount
		FROM unnest(p_hit_ids, p_hit_pool_ids) AS h(id, pool_id)
		ON CONFLICT DO NOTHING;
	END IF;

	RETURN QUERY SELECT 'posted'::text, v_cash_balance, v_entry;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seamless_win(
	p_vendor text,
	p_tx_id text,
	p_request_hash text,
	p_account_id text,
	p_round_id text,
	p_merchant text,
	p_amount bigint,
	p_final boolean,
	p_cash_account text,
	p_entry_id text,
	p_ledger_hash text,
	p_metadata jsonb,
	p_account_ids text[],
	p_amounts bigint[]
)
RETURNS TABLE (status text, balance_after bigint, entry_id text, valid_bet bigint, settled boolean)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_hash text;
	v_balance bigint;
	v_record record;
	v_post record;
	v_entry text;
	v_cash_balance bigint;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtextextended(p_vendor || ':' || p_tx_id, 0));

	SELECT t.request_hash, t.balance_after INTO v_hash, v_balance
	FROM vendor_transactions t
	WHERE t.vendor_code = p_vendor AND t.tx_id = p_tx_id;
	IF FOUND THEN
		IF v_hash <> p_request_hash THEN
			RETURN QUERY SELECT 'idempotency_conflict'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		ELSE
			RETURN QUERY SELECT 'replayed'::text, v_balance, NULL::text, NULL::bigint, false;
		END IF;
		RETURN;
	END IF;

	SELECT b.id, b.status, b.payout, b.valid_bet INTO v_record
	FROM bet_records b
	WHERE b.vendor_code = p_vendor AND b.round_id = p_round_id AND b.account_id = p_account_id
	FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'round_not_found'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;
	IF v_record.status = 'cancelled' THEN
		RETURN QUERY SELECT 'round_cancelled'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;
	IF v_record.status = 'settled' THEN
		RETURN QUERY SELECT 'round_settled'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;

	IF p_amount > 0 THEN
		FOR v_post IN
			SELECT * FROM ledger_post(p_entry_id, p_merchant, 'seamless:' || p_vendor || ':' || p_tx_id,
				p_ledger_hash, 'win', 'vendor:' || p_vendor, p_vendor || ':' || p_round_id, NULL, NULL,
				p_metadata, p_account_ids, p_amounts)
		LOOP
			IF v_post.status NOT IN ('posted', 'replayed') THEN
				RETURN QUERY SELECT v_post.status, NULL::bigint, NULL::text, NULL::bigint, false;
				RETURN;
			END IF;
			v_entry := v_post.entry_id;
			IF v_post.account_id = p_account_ids[1] THEN
				v_cash_balance := v_post.balance_after;
			END IF;
		END LOOP;
	ELSE
		SELECT a.balance INTO v_cash_balance FROM ledger_accounts a WHERE a.id = p_cash_account;
	END IF;

	UPDATE bet_records b
	SET payout = b.payout + p_amount,
		status = CASE WHEN p_final THEN 'settled' ELSE b.status END,
		settled_at = CASE WHEN p_final THEN now() ELSE b.settled_at END
	WHERE b.id = v_record.id;

	INSERT INTO vendor_transactions (vendor_code, tx_id, kind, account_id, round_id, amount,
		request_hash, balance_after, entry_id)
	VALUES (p_vendor, p_tx_id, 'win', p_account_id, p_round_id, p_amount, p_request_hash,
		v_cash_balance, v_entry);

	RETURN QUERY SELECT 'posted'::text, v_cash_balance, v_entry, v_record.valid_bet, p_final;
END;
$$;
