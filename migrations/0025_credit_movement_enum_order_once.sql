-- Custom SQL migration: credit_apply_movement (migrations 0007, 0012, 0023) with the same rules and
-- results, doing less work while it holds the account row's lock (docs/decisions/085):
--   * the bucket order (enum_range over pg_enum) is read once per call, not once per bucket and part;
--   * the lifetime counters' deltas are summed in the loop that already walks the parts, through the
--     same credit_earned_delta / credit_spent_delta rules, instead of two sub-selects over unnest();
--   * a movement of one bucket (nearly every spend) appends its ledger row with a plain VALUES insert;
--     a split still goes through unnest() with its running balance.
-- Everything else is 0023's: the lock first, the replay check after it in its own snapshot, the
-- refusals before any write.
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
  n integer;
  total_before integer;
  earned integer := 0;
  spent integer := 0;
  -- Balances are indexed in this order: 1 free, 2 paid, 3 subscription.
  bucket_order credit_bucket[] := enum_range(NULL::credit_bucket);
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
    FOR i IN 1 .. coalesce(array_length(buckets, 1), 0) LOOP
      idx := array_position(bucket_order, buckets[i]);
      take := least(left_over, bal[idx]);
      IF take > 0 THEN
        parts_b := parts_b || buckets[i];
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
  n := coalesce(array_length(parts_b, 1), 0);
  IF n = 0 THEN
    RAISE EXCEPTION 'credit_apply_movement: movement % moves nothing', p_movement_key;
  END IF;
  FOR i IN 1 .. n LOOP
    idx := array_position(bucket_order, parts_b[i]);
    bal[idx] := bal[idx] + parts_a[i];
    IF bal[idx] < 0 THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::text, total_before, acct.free_balance, acct.paid_balance,
        acct.subscription_balance, acct.total_earned, acct.total_spent;
      RETURN;
    END IF;
    earned := earned + credit_earned_delta(p_type, p_movement_key, parts_a[i]);
    spent := spent + credit_spent_delta(p_type, p_movement_key, parts_a[i]);
  END LOOP;
  IF n = 1 THEN
    INSERT INTO credit_ledger (id, user_id, type, bucket, amount, balance_after, reference_type, reference_id, reason, reason_params, movement_key)
      VALUES (p_transaction_id, p_user_id, p_type, parts_b[1], parts_a[1], total_before + parts_a[1], p_reference_type, p_reference_id,
        p_reason, coalesce(p_reason_params, '{}'::jsonb), p_movement_key);
  ELSE
    INSERT INTO credit_ledger (id, user_id, type, bucket, amount, balance_after, reference_type, reference_id, reason, reason_params, movement_key)
      SELECT p_transaction_id || '_' || u.b::text,
        p_user_id, p_type, u.b, u.a, total_before + sum(u.a) OVER (ORDER BY u.o), p_reference_type, p_reference_id,
        p_reason, coalesce(p_reason_params, '{}'::jsonb), p_movement_key
      FROM unnest(parts_b, parts_a) WITH ORDINALITY AS u(b, a, o)
      ORDER BY u.o;
  END IF;
  UPDATE credit_accounts AS a SET
    free_balance = bal[1], paid_balance = bal[2], subscription_balance = bal[3],
    total_earned = a.total_earned + earned, total_spent = a.total_spent + spent, updated_at = now()
  WHERE a.user_id = p_user_id
  RETURNING a.* INTO acct;
  RETURN QUERY SELECT 'applied'::text, p_transaction_id, bal[1] + bal[2] + bal[3], acct.free_balance, acct.paid_balance,
    acct.subscription_balance, acct.total_earned, acct.total_spent;
END;
$$;
