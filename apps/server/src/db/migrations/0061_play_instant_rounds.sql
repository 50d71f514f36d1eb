-- Group commit for instant rounds (a slot's spin: one bet, its stake held and settled at once):
-- many players' rounds in one statement of one transaction, written as PlayKernel.openRound,
-- place and settle and the wallet's Holds write them — a `rounds` row, a hold entry (cash to
-- bets in play) and its `ledger_holds` row, a settle entry (the stake out of play, the payout to
-- the player, a jackpot's share, the rest to the house), the `bets` row — every entry posted
-- through `ledger_post`. The caller (modules/play/instant.ts) has checked each round's game and
-- bet guards, resolved the accounts and prepared both entries (ids, keys, request hashes,
-- postings) as the wallet's `prepareInstantPlay` gives them.
--
-- p_items is a JSON array; each element:
--   round    {id, merchantCode, gameId, gameCode, gameType, vendorCode, engine, state,
--             seedCommitment, serverSeed, clientSeed}
--   bet      {id, player, currency, stake, validBet, payout, detail}   (amounts as text)
--   session  {vendorCode, tokenHash} or null: a player session that must still be live (read
--            under a share lock, so a revocation waits for the rounds already past it)
--   cash     the player's cash account; inPlay its bets-in-play account
--   hold, settle   {id, key, hash, type, actor, metadata, accounts[], amounts[]} (amounts as text)
--
-- One row per element (ord from 1, in the array's order): status 'posted' with the cash after
-- the round and the time it was placed, or a refusal that has written nothing for that element
-- (the others go on):
--   duplicate        a round of this id exists (a retry of a named spin: the caller reads it)
--   session_invalid  the session is no longer live
--   and any refusal of ledger_post for the hold (insufficient_funds, not_found, …).
-- A settle entry refused (it cannot be: the house account may go negative) raises, undoing the
-- whole statement; the caller then plays each round of the batch alone.
CREATE OR REPLACE FUNCTION play_instant_rounds(p_items jsonb)
RETURNS TABLE (ord integer, status text, cash_after bigint, placed_at timestamptz)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_item jsonb;
	v_ord bigint;
	v_round jsonb;
	v_bet jsonb;
	v_hold jsonb;
	v_settle jsonb;
	v_post record;
	v_status text;
	v_cash bigint;
BEGIN
	-- Every account of the batch, locked at once in id order (as ledger_post locks an entry's), so
	-- a batch never waits in a circle with another batch or a single entry.
	PERFORM 1 FROM ledger_accounts a
	WHERE a.id IN (
		SELECT jsonb_array_elements_text(e.value -> 'hold' -> 'accounts')
		FROM jsonb_array_elements(p_items) e
		UNION
		SELECT jsonb_array_elements_text(e.value -> 'settle' -> 'accounts')
		FROM jsonb_array_elements(p_items) e)
	ORDER BY a.id
	FOR UPDATE;

	FOR v_item, v_ord IN
		SELECT x.value, x.ordinality FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x
	LOOP
		v_round := v_item -> 'round';
		v_bet := v_item -> 'bet';
		v_hold := v_item -> 'hold';
		v_settle := v_item -> 'settle';

		IF jsonb_typeof(v_item -> 'session') = 'object' THEN
			PERFORM 1 FROM vendor_sessions s
			WHERE s.token_hash = v_item -> 'session' ->> 'tokenHash'
				AND s.vendor_code = v_item -> 'session' ->> 'vendorCode'
				AND s.expires_at > now()
			FOR SHARE;
			IF NOT FOUND THEN
				RETURN QUERY SELECT v_ord::integer, 'session_invalid'::text, NULL::bigint, NULL::timestamptz;
				CONTINUE;
			END IF;
		END IF;

		-- The round, already as it ends (no one sees it before this transaction commits). A round of
		-- this id made before, or being made now by a transaction not yet committed (which this
		-- insert waits for), is a duplicate.
		INSERT INTO rounds (id, merchant_code, game_id, game_code, game_type, vendor_code, engine,
			status, state, seed_commitment, server_seed, client_seed, closed_at)
		VALUES (v_round ->> 'id', v_round ->> 'merchantCode', v_round ->> 'gameId',
			v_round ->> 'gameCode', v_round ->> 'gameType', v_round ->> 'vendorCode',
			v_round ->> 'engine', 'settled', coalesce(v_round -> 'state', '{}'::jsonb),
			v_round ->> 'seedCommitment', v_round ->> 'serverSeed', v_round ->> 'clientSeed', now())
		ON CONFLICT (id) DO NOTHING;
		IF NOT FOUND THEN
			RETURN QUERY SELECT v_ord::integer, 'duplicate'::text, NULL::bigint, NULL::timestamptz;
			CONTINUE;
		END IF;

		-- The hold: the stake from the player's cash to bets in play.
		v_status := NULL;
		FOR v_post IN
			SELECT * FROM ledger_post(v_hold ->> 'id', v_round ->> 'merchantCode', v_hold ->> 'key',
				v_hold ->> 'hash', v_hold ->> 'type', v_hold ->> 'actor', v_round ->> 'id', NULL, NULL,
				v_hold -> 'metadata',
				ARRAY(SELECT jsonb_array_elements_text(v_hold -> 'accounts')),
				ARRAY(SELECT jsonb_array_elements_text(v_hold -> 'amounts'))::bigint[])
		LOOP
			v_status := v_post.status;
			IF v_post.account_id = v_item ->> 'cash' THEN
				v_cash := v_post.balance_after;
			END IF;
		END LOOP;
		IF v_status IS DISTINCT FROM 'posted' THEN
			-- Refused (the money is not there, say): nothing of this round stays.
			DELETE FROM rounds r WHERE r.id = v_round ->> 'id';
			RETURN QUERY SELECT v_ord::integer,
				CASE WHEN v_status = 'replayed' THEN 'duplicate' ELSE coalesce(v_status, 'invalid') END,
				NULL::bigint, NULL::timestamptz;
			CONTINUE;
		END IF;

		-- The settle: the stake out of play, the payout to the player, the rest to the house.
		v_status := NULL;
		FOR v_post IN
			SELECT * FROM ledger_post(v_settle ->> 'id', v_round ->> 'merchantCode',
				v_settle ->> 'key', v_settle ->> 'hash', v_settle ->> 'type', v_settle ->> 'actor',
				v_round ->> 'id', NULL, NULL, v_settle -> 'metadata',
				ARRAY(SELECT jsonb_array_elements_text(v_settle -> 'accounts')),
				ARRAY(SELECT jsonb_array_elements_text(v_settle -> 'amounts'))::bigint[])
		LOOP
			v_status := v_post.status;
			IF v_post.account_id = v_item ->> 'cash' THEN
				v_cash := v_post.balance_after;
			END IF;
		END LOOP;
		IF v_status IS DISTINCT FROM 'posted' THEN
			RAISE EXCEPTION 'play_instant_rounds: settle entry refused (%)', v_status
				USING ERRCODE = 'P0001';
		END IF;

		INSERT INTO ledger_holds (id, merchant_code, currency, owner_id, account_id,
			in_play_account_id, amount, status, reason, close_entry_id, closed_at)
		VALUES (v_hold ->> 'id', v_round ->> 'merchantCode', v_bet ->> 'currency',
			v_bet ->> 'player', v_item ->> 'cash', v_item ->> 'inPlay', (v_bet ->> 'stake')::bigint,
			'settled', 'play:' || (v_round ->> 'id'), v_settle ->> 'id', now());

		INSERT INTO bets (id, round_id, merchant_code, account_id, currency, stake, valid_bet,
			payout, status, hold_id, close_entry_id, detail, settled_at)
		VALUES (v_bet ->> 'id', v_round ->> 'id', v_round ->> 'merchantCode', v_bet ->> 'player',
			v_bet ->> 'currency', (v_bet ->> 'stake')::bigint, (v_bet ->> 'validBet')::bigint,
			(v_bet ->> 'payout')::bigint, 'settled', v_hold ->> 'id', v_settle ->> 'id',
			coalesce(v_bet -> 'detail', '{}'::jsonb), now());

		RETURN QUERY SELECT v_ord::integer, 'posted'::text, v_cash, now();
	END LOOP;
END;
$$;
