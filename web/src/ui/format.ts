/** Spec §9: K above 1,000 and M above 1,000,000, one decimal at most. */
export function formatCredits(n: number): string {
  const trim = (v: number) => v.toFixed(1).replace(/\.0$/, '');
  if (Math.abs(n) >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (Math.abs(n) >= 1_000) return `${trim(n / 1_000)}K`;
  return String(n);
}

export const formatMoney = (amount: number) => `$${amount.toFixed(2)}`;

/** Spec §9: dates in zh-CN format (YYYY/M/D HH:mm:ss). */
export const formatDate = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
