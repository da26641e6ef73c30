-- Custom SQL migration: a credit movement that first checks the caller's session, in the same
-- statement, so a spend over HTTP (POST /api/credits/consume) is ONE round trip instead of two (the
-- auth middleware's session read, then the movement; docs/decisions/082).
--
-- The checks are the auth middleware's (worker/middleware/auth.ts), on the users row read in this
-- transaction, in the same order and with the same outcomes:
--   no row, or deleted_at set                                  -> 'auth_failed'     (401 authFailed)
--   token issued while the mailbox was unproven, now proven    -> 'session_expired' (401 sessionExpired)
--   token of an older session version (sessions_valid_from)    -> 'session_expired'
-- p_token_version is the token's `sv` claim (sessions_valid_from in ms when it was issued), NULL for
-- a token without one; then the token stands only if issued (p_token_issued_at, whole seconds) in a
-- later second than sessions_valid_from (worker/services/auth/session-tokens.ts sessionStillValid).
-- The JavaScript side reads sessions_valid_from as a Date, i.e. truncated to the millisecond: floor()
-- of the epoch in ms here.
--
-- Nothing is written when a check fails. Otherwise the movement is credit_apply_movement's, unchanged
-- and called as it is: its statements still run in their own snapshots, which keep a movement key
-- idempotent when concurrent movements of one user wait on the account lock (decision 074).
CREATE OR REPLACE FUNCTION credit_apply_movement_in_session(
  p_token_version bigint,
  p_token_issued_at bigint,
  p_unverified_email boolean,
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
  who record;
  valid_from_ms bigint;
BEGIN
  SELECT u.deleted_at, u.email_verified, u.sessions_valid_from INTO who FROM users AS u WHERE u.id = p_user_id;
  IF NOT FOUND OR who.deleted_at IS NOT NULL THEN
    RETURN QUERY SELECT 'auth_failed'::text, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF p_unverified_email AND who.email_verified THEN
    RETURN QUERY SELECT 'session_expired'::text, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF who.sessions_valid_from IS NOT NULL THEN
    valid_from_ms := floor(extract(epoch FROM who.sessions_valid_from) * 1000)::bigint;
    IF (p_token_version IS NOT NULL AND p_token_version < valid_from_ms)
      OR (p_token_version IS NULL AND p_token_issued_at * 1000 <= valid_from_ms) THEN
      RETURN QUERY SELECT 'session_expired'::text, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT * FROM credit_apply_movement(p_user_id, p_movement_key, p_transaction_id, p_type, p_reference_type,
    p_reference_id, p_reason, p_reason_params, p_buckets, p_amounts, p_spend);
END;
$$;
