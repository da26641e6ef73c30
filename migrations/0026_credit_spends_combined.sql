-- Custom SQL migration: several session-checked movements of ONE user in one statement, so the
-- spends of one user that arrive while an earlier one is running share one account lock, one
-- commit and one WAL flush (docs/decisions/086). Each item is exactly one
-- credit_apply_movement_in_session call (0024, 0025), applied in array order, so the items come out
-- as if they had been sent one after another: a later item sees the balances an earlier one left, a
-- repeated movement key is a replay, and a refused item (insufficient, auth_failed, session_expired)
-- writes nothing and leaves the others to go on.
--
-- p_items is a JSON array of objects with the single function's arguments:
--   v (token version or null), iat (issued-at seconds), unverified (boolean), key (movement key),
--   txn (transaction id), type, reference_type, reference_id, reason, params (jsonb),
--   buckets (comma-separated), amounts (comma-separated or null), spend (integer or null).
-- r_index is the item's 1-based position in p_items.
CREATE OR REPLACE FUNCTION credit_apply_movements_in_session(
  p_user_id text,
  p_items jsonb
) RETURNS TABLE (
  r_index integer,
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
  item record;
BEGIN
  FOR item IN SELECT e.value AS v, e.ordinality::integer AS n FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e ORDER BY e.ordinality LOOP
    RETURN QUERY SELECT item.n, m.* FROM credit_apply_movement_in_session(
      (item.v->>'v')::bigint, (item.v->>'iat')::bigint, (item.v->>'unverified')::boolean,
      p_user_id, item.v->>'key', item.v->>'txn', (item.v->>'type')::credit_transaction_type,
      (item.v->>'reference_type')::credit_reference_type, item.v->>'reference_id', (item.v->>'reason')::credit_ledger_reason,
      coalesce(item.v->'params', '{}'::jsonb), item.v->>'buckets', item.v->>'amounts', (item.v->>'spend')::integer) AS m;
  END LOOP;
END;
$$;
