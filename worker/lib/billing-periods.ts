/**
 * Calendar arithmetic for billing periods, in UTC. A month added to Jan 31 lands on the last day of
 * February (not March 3), so "month k of a yearly plan" never skips or doubles a month.
 */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export type BillingInterval = 'month' | 'year';

export const intervalOf = (packageType: 'monthly' | 'yearly' | 'credits'): BillingInterval | null =>
  packageType === 'monthly' ? 'month' : packageType === 'yearly' ? 'year' : null;

export const addInterval = (date: Date, interval: BillingInterval) => addMonths(date, interval === 'year' ? 12 : 1);
