CREATE TABLE "gateway_plans" (
	"plan_id" text NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_plans_plan_id_gateway_pk" PRIMARY KEY("plan_id","gateway")
);
--> statement-breakpoint
ALTER TABLE "gateway_plans" ADD CONSTRAINT "gateway_plans_plan_id_pricing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keep the gateway objects already created: they become rows before their columns go.
INSERT INTO "gateway_plans" ("plan_id", "gateway", "external_id")
	SELECT "id", 'STRIPE'::"payment_gateway", "stripe_price_id" FROM "pricing_plans" WHERE "stripe_price_id" IS NOT NULL
	UNION ALL
	SELECT "id", 'PAYPAL'::"payment_gateway", "paypal_plan_id" FROM "pricing_plans" WHERE "paypal_plan_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plans" DROP COLUMN "stripe_price_id";--> statement-breakpoint
ALTER TABLE "pricing_plans" DROP COLUMN "paypal_plan_id";