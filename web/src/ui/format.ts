/** Spec §9: K above 1,000 and M above 1,000,000, one decimal at most. */
export function formatCredits(n: number): string {
  const trim = (v: number) => v.toFixed(1).replace(/\.0$/, '');
  if (Math.abs(n) >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (Math.abs(n) >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

/**
 * The exact number of credits, grouped the reader's way (2,956 in both languages): wherever credits
 * or money are explained (My credits, refunds, deletion, orders). The compact form above hides a
 * change of 44 in "3K", so it is only for places with no room (the header), with this on hover/focus.
 */
export function formatCreditsExact(n: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

export const formatMoney = (amount: number) => `$${amount.toFixed(2)}`;

/** Spec §9: dates in zh-CN format (YYYY/M/D HH:mm:ss). */
export const formatDate = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
