/** A pricing item with spec §3 field names, in the caller's language. Money is in dollars for display. */
export interface PricingItem {
  id: string;
  packageType: 'monthly' | 'yearly' | 'credits';
  name: string;
  subtitle: string;
  price: number;
  originalPrice: number | null;
  currency: string;
  credits: number;
  isRecommended: boolean;
  features: string[];
}
