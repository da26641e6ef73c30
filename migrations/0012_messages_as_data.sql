CREATE TYPE "public"."user_locale" AS ENUM('en', 'zh-Hant');--> statement-breakpoint
CREATE TYPE "public"."credit_ledger_reason" AS ENUM('SIGN_UP_BONUS', 'REFERRAL_SIGN_UP', 'REFERRAL_PURCHASE', 'PACK_PURCHASE', 'SUBSCRIPTION_CREDITS', 'SUBSCRIPTION_MONTH', 'SUBSCRIPTION_LAPSED', 'ORDER_REFUND', 'ORDER_REFUND_REVERSED', 'PAYMENT_HELD', 'TEXT_TO_IMAGE', 'IMAGE_EDIT', 'PHOTO_TOOL', 'IMAGE_UPSCALE', 'GENERATION_REFUND', 'SPEND_REFUND', 'API_CONSUME', 'LEGACY');--> statement-breakpoint
CREATE TYPE "public"."job_failure" AS ENUM('CONTENT_POLICY', 'RATE_LIMITED', 'INSUFFICIENT_CREDITS', 'NO_IMAGE', 'PROMPT_TOO_COMPLEX', 'TIMED_OUT', 'NETWORK_ERROR', 'SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'PROVIDER_AUTH', 'NOT_FOUND', 'INVALID_INPUT', 'MISSING_REQUIRED', 'NO_FACE_FOUND', 'INVALID_IMAGE', 'IMAGE_TOO_LARGE', 'UNSUPPORTED_OPERATION', 'GENERATION_FAILED');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" "user_locale" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "reason" "credit_ledger_reason";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "reason_params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "failure_code" "job_failure";--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "failure_code" "job_failure";--> statement-breakpoint
-- Hand-written below (DESIGN.md §3 item 12, docs/decisions/026-messages-as-data.md): the English
-- texts written so far become codes with parameters, once, here; nothing reads English back later.
-- The ledger is append-only (migration 0001): its trigger is lifted for this one backfill only.
ALTER TABLE "credit_ledger" DISABLE TRIGGER "credit_ledger_no_update_delete";--> statement-breakpoint
UPDATE "credit_ledger" AS l SET "reason" = m.reason::credit_ledger_reason, "reason_params" = m.params
FROM (
  SELECT s.seq,
    CASE
      WHEN s.movement_key LIKE 'consume:%' THEN 'API_CONSUME'
      WHEN s.d = 'Welcome bonus for new users' OR s.type = 'new_user' THEN 'SIGN_UP_BONUS'
      WHEN s.d = 'Invitation reward: a friend signed up' THEN 'REFERRAL_SIGN_UP'
      WHEN s.d ~ '^Invitation reward: \d+(\.\d+)?% of a friend''s purchase$' THEN 'REFERRAL_PURCHASE'
      WHEN s.d ~ '^Refund of order \S+ failed: credits restored$' THEN 'ORDER_REFUND_REVERSED'
      WHEN s.d ~ '^Refund of order \S+$' THEN 'ORDER_REFUND'
      WHEN s.d ~ '^Yearly subscription: credits for month \d+ of 12 \(\S+\)$' THEN 'SUBSCRIPTION_MONTH'
      WHEN s.d ~ '^Purchase: .+ \(\S+\)$' THEN 'PACK_PURCHASE'
      WHEN s.d ~ '^Subscription: .+ (monthly|yearly) \(\S+\)$' THEN 'SUBSCRIPTION_CREDITS'
      WHEN s.d = 'Subscription ended: unused subscription credits lapsed' THEN 'SUBSCRIPTION_LAPSED'
      WHEN s.d ~ '^Payment held for support \(\S+\)$' THEN 'PAYMENT_HELD'
      WHEN s.d = 'Text-to-image generation' THEN 'TEXT_TO_IMAGE'
      WHEN s.d = 'Image editing' THEN 'IMAGE_EDIT'
      WHEN s.d = 'Photo tool' THEN 'PHOTO_TOOL'
      WHEN s.d = 'Image upscale' THEN 'IMAGE_UPSCALE'
      WHEN s.d = 'Refund for a failed generation' THEN 'GENERATION_REFUND'
      WHEN s.d = 'Refund' THEN 'SPEND_REFUND'
      ELSE 'LEGACY'
    END AS reason,
    CASE
      WHEN s.movement_key LIKE 'consume:%' THEN
        CASE WHEN s.d = '' THEN '{}'::jsonb ELSE jsonb_build_object('note', s.d) END
      WHEN s.d = 'Welcome bonus for new users' OR s.type = 'new_user' THEN '{}'::jsonb
      WHEN s.d ~ '^Invitation reward: \d+(\.\d+)?% of a friend''s purchase$' THEN
        jsonb_build_object('percent', ((regexp_match(s.d, '^Invitation reward: (\d+(?:\.\d+)?)%'))[1])::numeric)
      WHEN s.d ~ '^Refund of order \S+ failed: credits restored$' THEN
        jsonb_build_object('orderNumber', (regexp_match(s.d, '^Refund of order (\S+) failed'))[1])
      WHEN s.d ~ '^Refund of order \S+$' THEN
        jsonb_build_object('orderNumber', (regexp_match(s.d, '^Refund of order (\S+)$'))[1])
      WHEN s.d ~ '^Yearly subscription: credits for month \d+ of 12 \(\S+\)$' THEN
        jsonb_build_object(
          'month', ((regexp_match(s.d, 'month (\d+) of 12'))[1])::integer,
          'orderNumber', (regexp_match(s.d, '\((\S+)\)$'))[1])
      WHEN s.d ~ '^Purchase: .+ \(\S+\)$' OR s.d ~ '^Subscription: .+ (monthly|yearly) \(\S+\)$' THEN
        jsonb_strip_nulls(jsonb_build_object(
          'orderNumber', (regexp_match(s.d, '\((\S+)\)$'))[1],
          'planId', s.plan_id,
          'planName', jsonb_build_object(
            'en', coalesce(s.plan_name, (regexp_match(s.d, '^(?:Purchase|Subscription): (.+?)(?: (?:monthly|yearly))? \(\S+\)$'))[1]),
            'zh-Hant', coalesce(s.plan_name_zh, s.plan_name, (regexp_match(s.d, '^(?:Purchase|Subscription): (.+?)(?: (?:monthly|yearly))? \(\S+\)$'))[1])),
          'cycle', (regexp_match(s.d, ' (monthly|yearly) \(\S+\)$'))[1]))
      WHEN s.d ~ '^Payment held for support \(\S+\)$' THEN
        jsonb_build_object('orderNumber', (regexp_match(s.d, '\((\S+)\)$'))[1])
      WHEN s.d IN ('Invitation reward: a friend signed up', 'Subscription ended: unused subscription credits lapsed',
        'Text-to-image generation', 'Image editing', 'Photo tool', 'Image upscale', 'Refund for a failed generation', 'Refund')
        THEN '{}'::jsonb
      ELSE jsonb_build_object('text', s.d)
    END AS params
  FROM (
    SELECT x.seq, x.type, x.movement_key, btrim(coalesce(x.description, '')) AS d,
      p.id AS plan_id, p.name AS plan_name, p.name_zh AS plan_name_zh
    FROM "credit_ledger" x
    LEFT JOIN "orders" o ON o.id = x.reference_id AND x.reference_type IN ('PURCHASE', 'SUBSCRIPTION')
    LEFT JOIN "pricing_plans" p ON p.id = o.plan_id
  ) AS s
) AS m
WHERE m.seq = l.seq;--> statement-breakpoint
ALTER TABLE "credit_ledger" ENABLE TRIGGER "credit_ledger_no_update_delete";--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "reason" SET NOT NULL;--> statement-breakpoint
-- Failed jobs: the stored sentence becomes its code. The sentences are the ones the job pipeline
-- wrote (CATEGORY_MESSAGE and the engine's input refusals); the stored category decides the rest.
UPDATE "generation_jobs" SET "failure_code" = (CASE
    WHEN error_message LIKE 'No face found%' THEN 'NO_FACE_FOUND'
    WHEN error_message = 'the image could not be decoded' OR error_message LIKE 'invalid image:%'
      OR error_message = 'invalid input: no source image' THEN 'INVALID_IMAGE'
    WHEN error_message = 'Image dimensions are too large' THEN 'IMAGE_TOO_LARGE'
    WHEN error_message LIKE 'unsupported operation%' OR error_message LIKE 'unknown photo tool%' THEN 'UNSUPPORTED_OPERATION'
    WHEN error_message = 'The generation service is unavailable, please try again' THEN 'SERVICE_UNAVAILABLE'
    WHEN error_category IN ('content_policy', 'safety_policy', 'recitation') THEN 'CONTENT_POLICY'
    WHEN error_category = 'rate_limit' THEN 'RATE_LIMITED'
    WHEN error_category = 'credits' THEN 'INSUFFICIENT_CREDITS'
    WHEN error_category = 'no_image' THEN 'NO_IMAGE'
    WHEN error_category = 'prompt_complex' THEN 'PROMPT_TOO_COMPLEX'
    WHEN error_category = 'timeout' THEN 'TIMED_OUT'
    WHEN error_category = 'network_error' THEN 'NETWORK_ERROR'
    WHEN error_category = 'server_error' THEN 'SERVER_ERROR'
    WHEN error_category = 'auth_error' THEN 'PROVIDER_AUTH'
    WHEN error_category = 'not_found' THEN 'NOT_FOUND'
    WHEN error_category = 'invalid_input' THEN 'INVALID_INPUT'
    WHEN error_category = 'missing_required' THEN 'MISSING_REQUIRED'
    ELSE 'GENERATION_FAILED'
  END)::job_failure
WHERE status = 'FAILED';--> statement-breakpoint
UPDATE "creation_records" AS r SET "failure_code" = coalesce(
    (SELECT j.failure_code FROM "generation_jobs" j WHERE j.record_id = r.id AND j.status = 'FAILED' ORDER BY j.created_at DESC LIMIT 1),
    'GENERATION_FAILED')
WHERE r.status = 'FAILED';--> statement-breakpoint
-- credit_apply_movement (migration 0007) takes the reason and its parameters instead of a text.
DROP FUNCTION credit_apply_movement(text, text, text, credit_transaction_type, credit_reference_type, text, text, text, text, integer);--> statement-breakpoint
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
