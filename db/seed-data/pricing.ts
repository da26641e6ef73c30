import type { schema } from '../client';

type PlanSeed = typeof schema.pricingPlans.$inferInsert;

const subscriptionFeatures = (credits: number) => ({
  features: [`${credits} credits every month`, 'Unused credits roll over while subscribed', 'All styles and AI tools', 'Upscale to 8×', 'Commercial use', 'Priority generation queue'],
  featuresZh: [`每月 ${credits} 點數`, '訂閱期間未用完的點數自動累積', '所有風格與 AI 工具', '最高 8 倍放大', '可商業使用', '優先生成佇列'],
});
const packFeatures = (credits: number) => ({
  features: [`${credits} credits, never expire`, `About ${Math.floor(credits / 4)} images at 1024×1024`, 'All styles and AI tools', 'Commercial use'],
  featuresZh: [`${credits} 點數，永不過期`, `約可生成 ${Math.floor(credits / 4)} 張 1024×1024 圖片`, '所有風格與 AI 工具', '可商業使用'],
});

/** Real prices in cents. Yearly plans grant the same monthly credits as their monthly twin at ~20% off. */
export const pricingSeed: PlanSeed[] = [
  { id: 'plan_basic_monthly', packageType: 'monthly', name: 'Basic', nameZh: '基礎版', subtitle: 'For trying ideas every week', subtitleZh: '每週嘗試新點子', priceCents: 999, originalPriceCents: null, credits: 200, sortOrder: 10, ...subscriptionFeatures(200) },
  { id: 'plan_pro_monthly', packageType: 'monthly', name: 'Pro', nameZh: '專業版', subtitle: 'For creators who publish daily', subtitleZh: '適合每天發佈作品的創作者', priceCents: 1999, originalPriceCents: null, credits: 500, isRecommended: true, sortOrder: 20, ...subscriptionFeatures(500) },
  { id: 'plan_studio_monthly', packageType: 'monthly', name: 'Studio', nameZh: '工作室版', subtitle: 'For teams and heavy workflows', subtitleZh: '適合團隊與大量工作流程', priceCents: 4999, originalPriceCents: null, credits: 1500, sortOrder: 30, ...subscriptionFeatures(1500) },
  { id: 'plan_basic_yearly', packageType: 'yearly', name: 'Basic', nameZh: '基礎版', subtitle: 'Billed yearly, save 20%', subtitleZh: '按年計費，省 20%', priceCents: 9590, originalPriceCents: 11988, credits: 200, sortOrder: 10, ...subscriptionFeatures(200) },
  { id: 'plan_pro_yearly', packageType: 'yearly', name: 'Pro', nameZh: '專業版', subtitle: 'Billed yearly, save 20%', subtitleZh: '按年計費，省 20%', priceCents: 19190, originalPriceCents: 23988, credits: 500, isRecommended: true, sortOrder: 20, ...subscriptionFeatures(500) },
  { id: 'plan_studio_yearly', packageType: 'yearly', name: 'Studio', nameZh: '工作室版', subtitle: 'Billed yearly, save 20%', subtitleZh: '按年計費，省 20%', priceCents: 47990, originalPriceCents: 59988, credits: 1500, sortOrder: 30, ...subscriptionFeatures(1500) },
  { id: 'pack_100', packageType: 'credits', name: 'Starter pack', nameZh: '入門點數包', subtitle: '100 credits', subtitleZh: '100 點數', priceCents: 499, originalPriceCents: null, credits: 100, sortOrder: 10, ...packFeatures(100) },
  { id: 'pack_500', packageType: 'credits', name: 'Creator pack', nameZh: '創作者點數包', subtitle: '500 credits', subtitleZh: '500 點數', priceCents: 1999, originalPriceCents: 2495, credits: 500, isRecommended: true, sortOrder: 20, ...packFeatures(500) },
  { id: 'pack_1200', packageType: 'credits', name: 'Pro pack', nameZh: '專業點數包', subtitle: '1,200 credits', subtitleZh: '1,200 點數', priceCents: 3999, originalPriceCents: 5988, credits: 1200, sortOrder: 30, ...packFeatures(1200) },
  { id: 'pack_3000', packageType: 'credits', name: 'Studio pack', nameZh: '工作室點數包', subtitle: '3,000 credits', subtitleZh: '3,000 點數', priceCents: 8999, originalPriceCents: 14970, credits: 3000, sortOrder: 40, ...packFeatures(3000) },
];
