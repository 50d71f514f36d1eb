-- The vendor-facing seamless wallet on the wagering kernel: a vendor's bet, win and rollback, each
-- in one round trip, writing the kernel's `rounds` and `bets` and the wallet's `ledger_holds` as
-- PlayKernel (modules/play/kernel.ts) and Holds (modules/wallet/holds.ts) write them, and posting
-- every entry through `ledger_post`. They replace `seamless_bet` and `seamless_win` (0014, 0033).
-- The caller (modules/games/seamless.ts) has checked the signature, the session, the game and the
-- amount, and resolved the accounts. Each body is a series of statements (a volatile plpgsql
-- function reads a fresh snapshot per statement, which the reads after the locks rely on).
--
-- The mapping: a vendor round of a player is a kernel round `<vendor>:<round>:<player>` (engine
-- `vendor:<vendor>`, no recovery deadline: the vendor ends it), open until a final win. A bet is a
-- kernel bet `vendor:<vendor>:<tx id>` whose stake is held in `bets_in_play`. A win settles the
-- round's open holds in one entry (the payout to the player, the stakes to the house; 0 = lost);
-- a win when no hold is open (a later win of the round) pays the amount from the house. A
-- rollback voids its bet's hold (the stake returns), at most once. Every entry's key is
-- `seamless:<vendor>:<tx id>` and its request hash the vendor call's, so a transaction id moves
-- money at most once. `bet_records` and `vendor_transactions` are written as before.
--
-- Statuses: 'posted' (done now), 'replayed' (answered before; `balance_after` is that answer), or
-- a refusal that has written nothing:
--   idempotency_conflict  the transaction id was used for another request
--   session_invalid       (bet) the session is no longer live
--   rolled_back           (bet) a rollback named this bet before it arrived
--   round_closed          (bet) the round is settled or void
--   round_not_found       (win) no bet for this round and player
--   round_cancelled       (win) every bet of the round was rolled back
--   round_settled         (win) the round is already settled
--   forbidden             (rollback) the bet is another player's
--   round_paid            (rollback) the round has a win, or the bet is settled
--   and any refusal of ledger_post (insufficient_funds, not_found, …).
DROP FUNCTION IF EXISTS seamless_bet(text, text, text, text, text, text, text, text, text, bigint,
	text, text, jsonb, text[], bigint[], text[], text[], text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS seamless_win(text, text, text, text, text, text, bigint, boolean, text, text,
	text, jsonb, text[], bigint[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION play_vendor_bet(
	p_vendor text,
	p_tx_id text,
	p_request_hash text,
	p_account_id text,
	p_round_id text,
	p_merchant text,
	p_game_id text,
	p_game_code text,
	p_game_type text,
	p_currency text,
	p_amount bigint,
	p_entry_id text,
	p_cash text,
	p_in_play text,
	p_house text,
	p_metadata jsonb,
	p_extra_ids text[],
	p_extra_amounts bigint[],
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
	v_round text := p_vendor || ':' || p_round_id || ':' || p_account_id;
	v_round_status text;
	v_ids text[];
	v_amounts bigint[];
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

	-- The kernel's round, opened by its first bet; share-locked as PlayKernel.place does, so bets
	-- go in together while a win or a rollback of the round waits for them.
	INSERT INTO rounds (id, merchant_code, game_id, game_code, game_type, vendor_code, engine, status)
	VALUES (v_round, p_merchant, p_game_id, p_game_code, p_game_type, p_vendor, 'vendor:' || p_vendor,
		'open')
	ON CONFLICT (id) DO NOTHING;
	SELECT r.status INTO v_round_status FROM rounds r WHERE r.id = v_round FOR SHARE;
	IF v_round_status <> 'open' THEN
		RETURN QUERY SELECT 'round_closed'::text, NULL::bigint, NULL::text;
		RETURN;
	END IF;

	-- The hold: the stake from the player's cash to bets in play (the first posting is the cash).
	-- A jackpot's contribution is paid by the house now, the stake reaching it when the bet settles.
	v_ids := ARRAY[p_cash, p_in_play];
	v_amounts := ARRAY[-p_amount, p_amount];
	IF cardinality(p_extra_ids) > 0 THEN
		v_ids := v_ids || p_house || p_extra_ids;
		v_amounts := v_amounts || (-(SELECT sum(x) FROM unnest(p_extra_amounts) x))::bigint
			|| p_extra_amounts;
	END IF;
	FOR v_post IN
		SELECT * FROM ledger_post(p_entry_id, p_merchant, 'seamless:' || p_vendor || ':' || p_tx_id,
			p_request_hash, 'bet', 'vendor:' || p_vendor, v_round, NULL, NULL, p_metadata, v_ids,
			v_amounts)
	LOOP
		IF v_post.status <> 'posted' THEN
			-- A replay cannot happen here (the transaction id's answer was read under its lock).
			RETURN QUERY SELECT v_post.status, NULL::bigint, NULL::text;
			RETURN;
		END IF;
		v_entry := v_post.entry_id;
		IF v_post.account_id = p_cash THEN
			v_cash_balance := v_post.balance_after;
		END IF;
	END LOOP;

	INSERT INTO ledger_holds (id, merchant_code, currency, owner_id, account_id, in_play_account_id,
		amount, status, reason)
	VALUES (v_entry, p_merchant, p_currency, p_account_id, p_cash, p_in_play, p_amount, 'held',
		'play:' || v_round);

	INSERT INTO bets (id, round_id, merchant_code, account_id, currency, stake, valid_bet, status,
		hold_id, detail)
	VALUES ('vendor:' || p_vendor || ':' || p_tx_id, v_round, p_merchant, p_account_id, p_currency,
		p_amount, p_amount, 'held', v_entry, jsonb_build_object('txId', p_tx_id));

	INSERT INTO bet_records AS b (id, merchant_code, account_id, vendor_code, game_id, game_type,
		round_id, currency, stake, valid_bet, status)
	VALUES (v_round, p_merchant, p_account_id, p_vendor, p_game_id, p_game_type, p_round_id,
		p_currency, p_amount, p_amount, 'open')
	ON CONFLICT (vendor_code, round_id, account_id) DO UPDATE
		SET stake = b.stake + excluded.stake, valid_bet = b.valid_bet + excluded.valid_bet
		WHERE b.status = 'open';
	IF NOT FOUND THEN
		-- Closed under an older scheme's record: undo the statement, money included.
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
-- A win (0 for a lost round). Answers also the round's valid bet and whether this call settled
-- it, for the caller's turnover in the same transaction.
CREATE OR REPLACE FUNCTION play_vendor_win(
	p_vendor text,
	p_tx_id text,
	p_request_hash text,
	p_account_id text,
	p_round_id text,
	p_merchant text,
	p_amount bigint,
	p_final boolean,
	p_cash text,
	p_house text,
	p_entry_id text,
	p_metadata jsonb
)
RETURNS TABLE (status text, balance_after bigint, entry_id text, valid_bet bigint, settled boolean)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_hash text;
	v_balance bigint;
	v_round text := p_vendor || ':' || p_round_id || ':' || p_account_id;
	v_round_status text;
	v_hold_ids text[];
	v_in_play text;
	v_stake bigint;
	v_last_bet text;
	v_ids text[] := ARRAY[]::text[];
	v_amounts bigint[] := ARRAY[]::bigint[];
	v_post record;
	v_entry text;
	v_cash_balance bigint;
	v_valid_bet bigint;
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

	-- The round, locked as PlayKernel.settle locks it (bets being placed finish first).
	SELECT r.status INTO v_round_status FROM rounds r WHERE r.id = v_round FOR NO KEY UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'round_not_found'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;
	IF v_round_status = 'void' THEN
		RETURN QUERY SELECT 'round_cancelled'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;
	IF v_round_status = 'settled' THEN
		RETURN QUERY SELECT 'round_settled'::text, NULL::bigint, NULL::text, NULL::bigint, false;
		RETURN;
	END IF;

	-- The round's open holds, locked in id order (as Holds.settle locks them).
	SELECT array_agg(h.id ORDER BY h.id), min(h.in_play_account_id), sum(h.amount), max(h.bet_id)
	INTO v_hold_ids, v_in_play, v_stake, v_last_bet
	FROM (
		SELECT h.id, h.in_play_account_id, h.amount, b.id AS bet_id
		FROM bets b JOIN ledger_holds h ON h.id = b.hold_id
		WHERE b.round_id = v_round AND b.status = 'held' AND h.status = 'held'
		ORDER BY h.id
		FOR UPDATE OF h
	) h;
	v_stake := coalesce(v_stake, 0);

	IF v_stake > 0 THEN
		-- Settle: the stakes leave bets in play, the payout goes to the player, the house takes
		-- (or pays) the rest.
		v_ids := ARRAY[v_in_play];
		v_amounts := ARRAY[-v_stake];
		IF p_amount > 0 THEN
			v_ids := v_ids || p_cash;
			v_amounts := v_amounts || p_amount;
		END IF;
		IF v_stake <> p_amount THEN
			v_ids := v_ids || p_house;
			v_amounts := v_amounts || (v_stake - p_amount);
		END IF;
	ELSIF p_amount > 0 THEN
		-- A later win of the round (its holds settled by an earlier one): an additional payout.
		v_ids := ARRAY[p_cash, p_house];
		v_amounts := ARRAY[p_amount, -p_amount];
	END IF;

	IF cardinality(v_ids) > 0 THEN
		FOR v_post IN
			SELECT * FROM ledger_post(p_entry_id, p_merchant, 'seamless:' || p_vendor || ':' || p_tx_id,
				p_request_hash, 'win', 'vendor:' || p_vendor, v_round, NULL, NULL,
				p_metadata || CASE WHEN v_stake > 0 THEN jsonb_build_object('holds', to_jsonb(v_hold_ids))
					ELSE '{}'::jsonb END,
				v_ids, v_amounts)
		LOOP
			IF v_post.status <> 'posted' THEN
				RETURN QUERY SELECT v_post.status, NULL::bigint, NULL::text, NULL::bigint, false;
				RETURN;
			END IF;
			v_entry := v_post.entry_id;
			IF v_post.account_id = p_cash THEN
				v_cash_balance := v_post.balance_after;
			END IF;
		END LOOP;
	END IF;
	IF v_cash_balance IS NULL THEN
		SELECT a.balance INTO v_cash_balance FROM ledger_accounts a WHERE a.id = p_cash;
	END IF;

	IF v_stake > 0 THEN
		UPDATE ledger_holds h SET status = 'settled', close_entry_id = v_entry, closed_at = now()
		WHERE h.id = ANY (v_hold_ids) AND h.status = 'held';
		-- The payout is the round's: it is put on its last bet, the others paying 0.
		UPDATE bets b SET status = 'settled', close_entry_id = v_entry, settled_at = now(),
			payout = CASE WHEN b.id = v_last_bet THEN p_amount ELSE 0 END
		WHERE b.round_id = v_round AND b.hold_id = ANY (v_hold_ids);
	ELSIF p_amount > 0 THEN
		UPDATE bets b SET payout = b.payout + p_amount
		WHERE b.id = (
			SELECT x.id FROM bets x WHERE x.round_id = v_round AND x.status = 'settled'
			ORDER BY x.settled_at DESC, x.id DESC LIMIT 1);
	END IF;
	IF p_final THEN
		UPDATE rounds r SET status = 'settled', closed_at = now() WHERE r.id = v_round;
	END IF;

	UPDATE bet_records b
	SET payout = b.payout + p_amount,
		status = CASE WHEN p_final THEN 'settled' ELSE b.status END,
		settled_at = CASE WHEN p_final THEN now() ELSE b.settled_at END
	WHERE b.vendor_code = p_vendor AND b.round_id = p_round_id AND b.account_id = p_account_id
	RETURNING b.valid_bet INTO v_valid_bet;

	INSERT INTO vendor_transactions (vendor_code, tx_id, kind, account_id, round_id, amount,
		request_hash, balance_after, entry_id)
	VALUES (p_vendor, p_tx_id, 'win', p_account_id, p_round_id, p_amount, p_request_hash,
		v_cash_balance, v_entry);

	RETURN QUERY SELECT 'posted'::text, v_cash_balance, v_entry, v_valid_bet, p_final;
END;
$$;
--> statement-breakpoint
-- A rollback of a bet: its hold is voided (the stake returns) at most once. A rollback of a bet
-- never seen, or of one already returned (under another rollback id), is recorded and answered
-- with the balance, moving nothing; a bet arriving after it is refused ('rolled_back'). The bet's
-- lock is taken before the rollback's, as a bet racing its rollback takes it.
CREATE OR REPLACE FUNCTION play_vendor_rollback(
	p_vendor text,
	p_tx_id text,
	p_request_hash text,
	p_account_id text,
	p_bet_tx_id text,
	p_merchant text,
	p_cash text,
	p_entry_id text
)
RETURNS TABLE (status text, balance_after bigint, entry_id text)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_hash text;
	v_balance bigint;
	v_bet_found boolean;
	v_bet_account text;
	v_bet_round text;
	v_bet_entry text;
	v_kernel record;
	v_round text;
	v_post record;
	v_entry text;
	v_refunded bigint := 0;
	v_cash_balance bigint;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtextextended(p_vendor || ':' || p_bet_tx_id, 0));
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

	SELECT t.account_id, t.round_id, t.entry_id INTO v_bet_account, v_bet_round, v_bet_entry
	FROM vendor_transactions t
	WHERE t.vendor_code = p_vendor AND t.tx_id = p_bet_tx_id AND t.kind = 'bet';
	v_bet_found := FOUND;
	IF v_bet_found AND v_bet_account <> p_account_id THEN
		RETURN QUERY SELECT 'forbidden'::text, NULL::bigint, NULL::text;
		RETURN;
	END IF;

	IF v_bet_found AND NOT EXISTS (
		SELECT 1 FROM vendor_transactions t
		WHERE t.vendor_code = p_vendor AND t.ref_tx_id = p_bet_tx_id AND t.kind = 'rollback'
			AND t.entry_id IS NOT NULL
	) THEN
		v_round := p_vendor || ':' || v_bet_round || ':' || p_account_id;
		-- The round, locked as PlayKernel.voidBets locks it, then the bet and its hold.
		PERFORM 1 FROM rounds r WHERE r.id = v_round FOR NO KEY UPDATE;
		SELECT b.id, b.status, h.id AS hold_id, h.status AS hold_status, h.amount,
			h.in_play_account_id
		INTO v_kernel
		FROM bets b JOIN ledger_holds h ON h.id = b.hold_id
		WHERE b.id = 'vendor:' || p_vendor || ':' || p_bet_tx_id
		FOR UPDATE OF h;
		IF FOUND AND v_kernel.status = 'void' THEN
			-- Returned already, by an operator's void of the round: answered, nothing moves.
			SELECT a.balance INTO v_cash_balance FROM ledger_accounts a WHERE a.id = p_cash;
		ELSIF NOT FOUND OR v_kernel.status <> 'held' OR v_kernel.hold_status <> 'held' OR EXISTS (
			SELECT 1 FROM vendor_transactions t
			WHERE t.vendor_code = p_vendor AND t.round_id = v_bet_round
				AND t.account_id = p_account_id AND t.kind = 'win'
		) THEN
			RETURN QUERY SELECT 'round_paid'::text, NULL::bigint, NULL::text;
			RETURN;
		ELSE
			-- Void: the stake leaves bets in play back to the player's cash.
			FOR v_post IN
				SELECT * FROM ledger_post(p_entry_id, p_merchant, 'seamless:' || p_vendor || ':' || p_tx_id,
					p_request_hash, 'bet_rollback', 'vendor:' || p_vendor, v_round, v_bet_entry, NULL,
					jsonb_build_object('reason', 'vendor rollback', 'holds', jsonb_build_array(v_kernel.hold_id)),
					ARRAY[v_kernel.in_play_account_id, p_cash], ARRAY[-v_kernel.amount, v_kernel.amount])
			LOOP
				IF v_post.status <> 'posted' THEN
					RETURN QUERY SELECT v_post.status, NULL::bigint, NULL::text;
					RETURN;
				END IF;
				v_entry := v_post.entry_id;
				IF v_post.account_id = p_cash THEN
					v_cash_balance := v_post.balance_after;
				END IF;
			END LOOP;
			v_refunded := v_kernel.amount;

			UPDATE ledger_holds h SET status = 'void', close_entry_id = v_entry, closed_at = now()
			WHERE h.id = v_kernel.hold_id AND h.status = 'held';
			UPDATE bets b SET status = 'void', close_entry_id = v_entry, settled_at = now()
			WHERE b.id = v_kernel.id;
			-- A round left with no bet held or settled is void: nothing is left to pay on.
			IF NOT EXISTS (
				SELECT 1 FROM bets b WHERE b.round_id = v_round AND b.status <> 'void'
			) THEN
				UPDATE rounds r SET status = 'void', closed_at = now()
				WHERE r.id = v_round AND r.status = 'open';
			END IF;

			UPDATE bet_records b
			SET stake = b.stake - v_refunded,
				valid_bet = b.valid_bet - v_refunded,
				status = CASE WHEN b.stake - v_refunded = 0 THEN 'cancelled' ELSE b.status END,
				settled_at = CASE WHEN b.stake - v_refunded = 0 THEN now() ELSE b.settled_at END
			WHERE b.vendor_code = p_vendor AND b.round_id = v_bet_round
				AND b.account_id = p_account_id;
		END IF;
	ELSE
		SELECT a.balance INTO v_cash_balance FROM ledger_accounts a WHERE a.id = p_cash;
	END IF;

	INSERT INTO vendor_transactions (vendor_code, tx_id, kind, account_id, round_id, amount,
		ref_tx_id, request_hash, balance_after, entry_id)
	VALUES (p_vendor, p_tx_id, 'rollback', p_account_id, coalesce(v_bet_round, ''), v_refunded,
		p_bet_tx_id, p_request_hash, v_cash_balance, v_entry);

	RETURN QUERY SELECT 'posted'::text, v_cash_balance, v_entry;
END;
$$;
