CREATE TABLE "oauth_flows" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"browser_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"referral_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_order_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" "payment_gateway";--> statement-breakpoint
UPDATE "orders" SET "payment_method" = "gateway";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_method" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
-- No subscription rows exist before this migration (nothing created them), so NOT NULL is safe.
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" "payment_gateway" NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "initial_order_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "monthly_credits" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "status_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_flows_expires_idx" ON "oauth_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_invoice_uq" ON "orders" USING btree ("gateway","gateway_invoice_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_order_uq" ON "refunds" USING btree ("order_id") WHERE "refunds"."status" <> 'REJECTED';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_initial_order_uq" ON "subscriptions" USING btree ("initial_order_id");