-- Custom SQL migration (issue 17): one credit movement in ONE round trip.
--
-- credit_apply_movement locks (or creates) the account row, answers a replayed movement key with the
-- first result, computes a spend's split over the buckets from the balances read under that lock,
-- refuses a bucket below zero, appends the ledger rows and updates the cached balances — the same
-- steps worker/services/credits/ledger.ts used to send as four statements in a transaction. Each
-- statement of a VOLATILE plpgsql function takes a fresh snapshot under READ COMMITTED, so the
-- replay check after the lock sees a concurrent movement of the same key that committed while this
-- one waited (DESIGN.md §5 invariants 3 and 5 hold without SERIALIZABLE).
--
-- Lifetime counters (issue 19): they must equal what the ledger says, row by row:
--   * a REFUNDED row whose movement key is `refund:<spend key>` gives back a spend: it lowers "used";
--   * any other REFUNDED row (an order refund's clawback, or the reversal of a failed one) corrects a
--     grant: it moves "total earned" by its signed amount, so a failed refund nets to zero on both;
--   * every other row counts as earned when positive and used when negative.
-- Hence total_earned - total_spent = the balance, always.
CREATE OR REPLACE FUNCTION credit_earned_delta(p_type credit_transaction_type, p_movement_key text, p_amount integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_type = 'REFUNDED' AND p_movement_key LIKE 'refund:%' THEN 0
    WHEN p_type = 'REFUNDED' THEN p_amount
    ELSE greatest(p_amount, 0)
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_spent_delta(p_type credit_transaction_type, p_movement_key text, p_amount integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_type = 'REFUNDED' AND p_movement_key LIKE 'refund:%' THEN -p_amount
    WHEN p_type = 'REFUNDED' THEN 0
    ELSE greatest(-p_amount, 0)
  END
$$;
--> statement-breakpoint
-- p_buckets / p_amounts: comma-separated (driver-neutral parameters). For a spend, p_spend is the
-- amount and p_buckets the spend order (worker/contract/credits.ts SPEND_ORDER); p_amounts is NULL.
-- r_status: 'applied', 'replay' (key seen: the first movement's id and balance) or 'insufficient'
-- (nothing written; the caller raises INSUFFICIENT_CREDITS).
CREATE OR REPLACE FUNCTION credit_apply_movement(
  p_user_id text,
  p_movement_key text,
  p_transaction_id text,
  p_type credit_transaction_type,
  p_reference_type credit_reference_type,
  p_reference_id text,
  p_description text,
  p_buckets text,
  p_amounts text,
  p_spend integer
) RETURNS TABLE (
  r_status text,
  r_transaction_id text,
  r_balance_after integer,
  r_free integer,
  r_paid integer,
  r_subscription integer,
  r_earned integer,
  r_spent integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  acct credit_accounts%ROWTYPE;
  seen record;
  buckets credit_bucket[] := string_to_array(p_buckets, ',')::credit_bucket[];
  amounts integer[];
  parts_b credit_bucket[] := '{}';
  parts_a integer[] := '{}';
  bal integer[];
  left_over integer;
  take integer;
  idx integer;
  i integer;
  total_before integer;
BEGIN
  INSERT INTO credit_accounts AS a (user_id) VALUES (p_user_id)
    ON CONFLICT (user_id) DO UPDATE SET user_id = excluded.user_id
    RETURNING a.* INTO acct;

  SELECT regexp_replace(l.id, '_(free|paid|subscription)$', '') AS id, l.balance_after INTO seen
    FROM credit_ledger l
    WHERE l.user_id = p_user_id AND l.movement_key = p_movement_key
    ORDER BY l.seq DESC LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT 'replay'::text, seen.id, seen.balance_after, acct.free_balance, acct.paid_balance,
      acct.subscription_balance, acct.total_earned, acct.total_spent;
    RETURN;
  END IF;

  -- Balances indexed in enum order: 1 free, 2 paid, 3 subscription.
  bal := ARRAY[acct.free_balance, acct.paid_balance, acct.subscription_balance];
  total_before := acct.free_balance + acct.paid_balance + acct.subscription_balance;

  IF p_spend IS NOT NULL THEN
    IF p_spend <= 0 THEN RAISE EXCEPTION 'credit_apply_movement: a spend must be positive, got %', p_spend; END IF;
    IF total_before < p_spend THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, total_before, acct.free_balance, acct.paid_balance,
        acct.subscription_balance, acct.total_earned, acct.total_spent;
      RETURN;
    END IF;
    left_over := p_spend;
    FOREACH idx IN ARRAY (SELECT array_agg(array_position(enum_range(NULL::credit_bucket), b) ORDER BY o) FROM unnest(buckets) WITH ORDINALITY AS u(b, o)) LOOP
      take := least(left_over, bal[idx]);
      IF take > 0 THEN
        parts_b := parts_b || (enum_range(NULL::credit_bucket))[idx];
        parts_a := parts_a || -take;
        left_over := left_over - take;
      END IF;
    END LOOP;
  ELSE
    amounts := string_to_array(p_amounts, ',')::integer[];
    FOR i IN 1 .. coalesce(array_length(buckets, 1), 0) LOOP
      IF amounts[i] <> 0 THEN
        parts_b := parts_b || buckets[i];
        parts_a := parts_a || amounts[i];
      END IF;
    END LOOP;
  END IF;
  IF coalesce(array_length(parts_b, 1), 0) = 0 THEN
    RAISE EXCEPTION 'credit_apply_movement: movement % moves nothing', p_movement_key;
  END IF;

  FOR i IN 1 .. array_length(parts_b, 1) LOOP
    idx := array_position(enum_range(NULL::credit_bucket), parts_b[i]);
    bal[idx] := bal[idx] + parts_a[i];
    IF bal[idx] < 0 THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, total_before, acct.free_balance, acct.paid_balance,
        acct.subscription_balance, acct.total_earned, acct.total_spent;
      RETURN;
    END IF;
  END LOOP;

  INSERT INTO credit_ledger (id, user_id, type, bucket, amount, balance_after, reference_type, reference_id, description, movement_key)
    SELECT CASE WHEN array_length(parts_b, 1) = 1 THEN p_transaction_id ELSE p_transaction_id || '_' || u.b::text END,
      p_user_id, p_type, u.b, u.a, total_before + sum(u.a) OVER (ORDER BY u.o), p_reference_type, p_reference_id,
      p_description, p_movement_key
    FROM unnest(parts_b, parts_a) WITH ORDINALITY AS u(b, a, o)
    ORDER BY u.o;

  UPDATE credit_accounts AS a SET
    free_balance = bal[1],
    paid_balance = bal[2],
    subscription_balance = bal[3],
    total_earned = a.total_earned + (SELECT sum(credit_earned_delta(p_type, p_movement_key, x)) FROM unnest(parts_a) AS x),
    total_spent = a.total_spent + (SELECT sum(credit_spent_delta(p_type, p_movement_key, x)) FROM unnest(parts_a) AS x),
    updated_at = now()
  WHERE a.user_id = p_user_id
  RETURNING a.* INTO acct;

  RETURN QUERY SELECT 'applied'::text, p_transaction_id, bal[1] + bal[2] + bal[3], acct.free_balance, acct.paid_balance,
    acct.subscription_balance, acct.total_earned, acct.total_spent;
END;
$$;
--> statement-breakpoint
-- Lifetime counters recomputed from the ledger with the rule above (issue 19: a failed refund had
-- added its amount to both).
UPDATE credit_accounts AS a SET
  total_earned = coalesce(x.earned, 0),
  total_spent = coalesce(x.spent, 0)
FROM (
  SELECT l.user_id,
    sum(credit_earned_delta(l.type, l.movement_key, l.amount))::integer AS earned,
    sum(credit_spent_delta(l.type, l.movement_key, l.amount))::integer AS spent
  FROM credit_ledger l GROUP BY l.user_id
) AS x
WHERE x.user_id = a.user_id;
