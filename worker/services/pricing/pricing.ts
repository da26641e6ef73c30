import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@db/client';
import type { PricingItem } from '../../contract/responses/credits';

export type { PricingItem };

export type { Locale } from '../../contract/locales';
import type { Locale } from '../../contract/locales';

type PlanRow = typeof schema.pricingPlans.$inferSelect;

/** A plan's name in the caller's language (orders and subscriptions show it too). */
export const planName = (plan: Pick<PlanRow, 'name' | 'nameZh'>, locale: Locale) => (locale === 'zh-Hant' ? plan.nameZh : plan.name);

export function toPricingItem(plan: PlanRow, locale: Locale): PricingItem {
  const zh = locale === 'zh-Hant';
  return {
    id: plan.id,
    packageType: plan.packageType,
    name: planName(plan, locale),
    subtitle: zh ? plan.subtitleZh : plan.subtitle,
    price: plan.priceCents / 100,
    originalPrice: plan.originalPriceCents === null ? null : plan.originalPriceCents / 100,
    currency: plan.currency,
    credits: plan.credits,
    isRecommended: plan.isRecommended,
    features: zh ? plan.featuresZh : plan.features,
  };
}

export async function listPricing(db: Db, locale: Locale, packageType?: PlanRow['packageType']): Promise<PricingItem[]> {
  const plans = await db
    .select()
    .from(schema.pricingPlans)
    .where(and(eq(schema.pricingPlans.active, true), packageType ? eq(schema.pricingPlans.packageType, packageType) : undefined))
    .orderBy(asc(schema.pricingPlans.packageType), asc(schema.pricingPlans.sortOrder));
  return plans.map((plan) => toPricingItem(plan, locale));
}
