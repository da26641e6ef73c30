-- Custom SQL migration: credit_apply_movement (migrations 0007, 0012) locks an EXISTING account row
-- with SELECT … FOR UPDATE and only falls back to the INSERT … ON CONFLICT DO UPDATE upsert when the
-- row is missing. The upsert wrote a new version of the account row on every movement just to take
-- the lock, and the movement's own UPDATE then wrote another: two heap tuples and WAL records per
-- movement, all while every other movement of that user waited on the row lock. Locking first
-- writes the row once (measured with pgbench in docs/decisions/074). The rest of the function is unchanged: the
-- replay check still runs after the lock, in its own snapshot, so a concurrent movement of the
-- same key that committed while this one waited is seen (DESIGN.md §5 invariants 3 and 5).
CREATE OR REPLACE FUNCTION credit_apply_movement(
  p_user_id text,
  p_movement_key text,
  p_transaction_id text,
  p_type credit_transaction_type,
  p_reference_type credit_reference_type,
  p_reference_id text,
  p_reason credit_ledger_reason,
  p_reason_params jsonb,
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
  SELECT * INTO acct FROM credit_accounts AS a WHERE a.user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO credit_accounts AS a (user_id) VALUES (p_user_id)
      ON CONFLICT (user_id) DO UPDATE SET user_id = excluded.user_id
      RETURNING a.* INTO acct;
  END IF;

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

  INSERT INTO credit_ledger (id, user_id, type, bucket, amount, balance_after, reference_type, reference_id, reason, reason_params, movement_key)
    SELECT CASE WHEN array_length(parts_b, 1) = 1 THEN p_transaction_id ELSE p_transaction_id || '_' || u.b::text END,
      p_user_id, p_type, u.b, u.a, total_before + sum(u.a) OVER (ORDER BY u.o), p_reference_type, p_reference_id,
      p_reason, coalesce(p_reason_params, '{}'::jsonb), p_movement_key
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
