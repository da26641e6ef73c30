import { i18n } from '@lingui/core';
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
  return formatInteger(Math.round(n), locale);
}

/** The app's languages, whose integers Intl writes with Latin digits and a comma every three (1,234 and 1,234). */
const COMMA_GROUPED = new Set(['en', 'zh-Hant']);

/**
 * An integer as Intl.NumberFormat writes it in the app's languages (5,000 in both), without Intl. The
 * first Intl.NumberFormat of a page loads the browser's number data: 25–110 ms of a fast CPU, which a
 * phone turns into one long task. The counters and prices of every page's first render use this; any
 * other number or language goes to Intl.
 */
export function formatInteger(n: number, locale = 'en'): string {
  if (!Number.isSafeInteger(n) || !COMMA_GROUPED.has(locale)) return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

export const formatMoney = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * A date and time in the reader's language, one style per language (Dec 6, 2026, 02:07 in English;
 * 2026年12月6日 02:07 in Chinese): the page's locale unless one is given.
 */
export function formatDate(iso: string, locale: string = i18n.locale || 'en'): string {
  const style = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  return new Intl.DateTimeFormat(locale, style).format(new Date(iso));
}
