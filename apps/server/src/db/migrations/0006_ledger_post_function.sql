-- Posts one ledger entry in one round trip; `Ledger.post` (modules/wallet/ledger.ts) is its only
-- caller, after it has validated the input and hashed the request. Runs on PostgreSQL 15+ and on
-- PGlite (plpgsql ships with both).
--
-- p_account_ids and p_amounts are parallel arrays, one element per posting, in the caller's
-- order; the ids must be distinct and the amounts non-zero. It returns one row per posting, in
-- that order, with status 'posted' (moved now) or 'replayed' (this key was posted before with the
-- same request hash; nothing moved). A refused entry returns one row whose status names the
-- reason, and has written nothing, so a caller's transaction stays usable:
--   idempotency_conflict  the key was posted before with a different request hash
--   not_found             an account does not exist
--   forbidden             an account belongs to another merchant
--   unbalanced            the postings in currency `detail` do not sum to zero
--   insufficient_funds    a balance that may not go negative would
--   invalid               the arrays are malformed (Ledger.post validates first, so never)
CREATE OR REPLACE FUNCTION ledger_post(
	p_entry_id text,
	p_merchant_code text,
	p_idempotency_key text,
	p_request_hash text,
	p_type text,
	p_actor text,
	p_reference text,
	p_reverses_entry_id text,
	p_memo text,
	p_metadata jsonb,
	p_account_ids text[],
	p_amounts bigint[]
)
RETURNS TABLE (
	status text,
	entry_id text,
	account_id text,
	amount bigint,
	balance_after bigint,
	detail text
)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
	v_entry_id text;
	v_hash text;
	v_n integer := cardinality(p_account_ids);
	v_found integer;
	v_distinct integer;
	v_bad_amount integer;
	v_foreign integer;
	v_short integer;
	v_currency text;
BEGIN
	IF v_n IS NULL OR v_n < 2 OR v_n <> cardinality(p_amounts) THEN
		RETURN QUERY SELECT 'invalid'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
		RETURN;
	END IF;

	-- An earlier post of this key? A replay locks no account.
	SELECT e.id, e.request_hash INTO v_entry_id, v_hash
	FROM ledger_entries e
	WHERE e.merchant_code = p_merchant_code AND e.idempotency_key = p_idempotency_key;

	IF v_entry_id IS NULL THEN
		-- Lock the accounts in id order, so concurrent entries never deadlock, and read what the
		-- checks need. FOR UPDATE returns the newest version of each row, and the locks hold it.
		WITH locked AS MATERIALIZED (
			SELECT a.id, a.merchant_code, a.currency, a.balance, a.allow_negative
			FROM ledger_accounts a
			WHERE a.id = ANY (p_account_ids)
			ORDER BY a.id
			FOR UPDATE
		), j AS MATERIALIZED (
			SELECT x.id AS xid, x.amount, x.ord, l.id, l.merchant_code, l.currency, l.balance, l.allow_negative
			FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS x(id, amount, ord)
			LEFT JOIN locked l ON l.id = x.id
		)
		SELECT count(j.id),
			count(DISTINCT j.xid),
			count(*) FILTER (WHERE j.amount IS NULL OR j.amount = 0),
			count(j.id) FILTER (WHERE j.merchant_code <> p_merchant_code),
			count(j.id) FILTER (WHERE j.balance + j.amount < 0 AND NOT j.allow_negative),
			(SELECT k.currency FROM j k WHERE k.id IS NOT NULL GROUP BY k.currency
				HAVING sum(k.amount) <> 0 ORDER BY min(k.ord) LIMIT 1)
		INTO v_found, v_distinct, v_bad_amount, v_foreign, v_short, v_currency
		FROM j;

		-- A post of the same key may have committed while this one waited for the locks (each
		-- statement here reads a new snapshot under READ COMMITTED): answer with it.
		SELECT e.id, e.request_hash INTO v_entry_id, v_hash
		FROM ledger_entries e
		WHERE e.merchant_code = p_merchant_code AND e.idempotency_key = p_idempotency_key;
	END IF;

	IF v_entry_id IS NULL THEN
		IF v_distinct <> v_n OR v_bad_amount > 0 THEN
			RETURN QUERY SELECT 'invalid'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
			RETURN;
		END IF;
		IF v_found <> v_n THEN
			RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
			RETURN;
		END IF;
		IF v_foreign > 0 THEN
			RETURN QUERY SELECT 'forbidden'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
			RETURN;
		END IF;
		IF v_currency IS NOT NULL THEN
			RETURN QUERY SELECT 'unbalanced'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, v_currency;
			RETURN;
		END IF;
		IF v_short > 0 THEN
			RETURN QUERY SELECT 'insufficient_funds'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
			RETURN;
		END IF;

		-- ON CONFLICT waits for a concurrent post of this key that has not committed yet.
		INSERT INTO ledger_entries (id, merchant_code, idempotency_key, request_hash, type, actor,
			reference, reverses_entry_id, memo, metadata)
		VALUES (p_entry_id, p_merchant_code, p_idempotency_key, p_request_hash, p_type, p_actor,
			p_reference, p_reverses_entry_id, p_memo, p_metadata)
		ON CONFLICT (merchant_code, idempotency_key) DO NOTHING;

		IF FOUND THEN
			RETURN QUERY
			WITH x AS (
				SELECT u.id, u.amount, u.ord
				FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS u(id, amount, ord)
			), upd AS (
				UPDATE ledger_accounts a SET balance = a.balance + x.amount
				FROM x
				WHERE a.id = x.id
				RETURNING a.id, a.currency, a.balance, x.amount, x.ord
			), ins AS (
				INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, type)
				SELECT p_entry_id, upd.id, upd.currency, upd.amount, upd.balance, p_type
				FROM upd
				ORDER BY upd.ord
				RETURNING ledger_postings.account_id, ledger_postings.amount, ledger_postings.balance_after
			)
			SELECT 'posted'::text, p_entry_id, ins.account_id, ins.amount, ins.balance_after, NULL::text
			FROM ins
			JOIN x ON x.id = ins.account_id
			ORDER BY x.ord;
			RETURN;
		END IF;

		-- The insert met a post of this key that committed after the check above.
		SELECT e.id, e.request_hash INTO v_entry_id, v_hash
		FROM ledger_entries e
		WHERE e.merchant_code = p_merchant_code AND e.idempotency_key = p_idempotency_key;
	END IF;

	IF v_hash IS DISTINCT FROM p_request_hash THEN
		RETURN QUERY SELECT 'idempotency_conflict'::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::text;
		RETURN;
	END IF;
	RETURN QUERY
	SELECT 'replayed'::text, p.entry_id, p.account_id, p.amount, p.balance_after, NULL::text
	FROM ledger_postings p
	WHERE p.entry_id = v_entry_id
	ORDER BY p.id;
END;
$$;
