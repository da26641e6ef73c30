CREATE TYPE "public"."refund_origin" AS ENUM('CUSTOMER', 'GATEWAY', 'DUPLICATE_SUBSCRIPTION');
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" "refund_origin" DEFAULT 'CUSTOMER' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "gateway_cancel_due" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Issue 12 break 3: before one live subscription per user is enforced, end the extra ones users got
-- through the bug. The oldest live one stays; the others end now and their billing is stopped at the
-- gateway by maintenance (gateway_cancel_due). Credits already granted for them stay.
UPDATE "subscriptions" AS s SET "status" = 'expired', "cancel_at_period_end" = false,
  "ends_at" = LEAST(COALESCE(s."ends_at", now()), now()), "cancelled_at" = COALESCE(s."cancelled_at", now()),
  "gateway_cancel_due" = (s."status" IN ('active', 'suspended') AND s."gateway_subscription_id" IS NOT NULL), "updated_at" = now()
WHERE s."status" <> 'expired' AND EXISTS (
  SELECT 1 FROM "subscriptions" AS k WHERE k."user_id" = s."user_id" AND k."status" <> 'expired' AND (k."created_at", k."id") < (s."created_at", s."id"));
--> statement-breakpoint
-- Only the newest open subscription checkout of a user stays open; older ones end (a late payment for
-- one is still honoured or refunded by the webhook path).
UPDATE "orders" AS o SET "status" = 'CANCELLED', "failure_reason" = 'Superseded by a newer subscription checkout', "updated_at" = now()
WHERE o."kind" = 'subscription' AND o."status" = 'PENDING' AND EXISTS (
  SELECT 1 FROM "orders" AS k WHERE k."user_id" = o."user_id" AND k."kind" = 'subscription' AND k."status" = 'PENDING' AND (k."created_at", k."id") > (o."created_at", o."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_subscription_checkout_uq" ON "orders" USING btree ("user_id") WHERE "orders"."kind" = 'subscription' and "orders"."status" = 'PENDING';
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user_uq" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" <> 'expired';
