import { describe, expect, it } from 'vitest';
import { formatCredits, formatCreditsExact, formatDate, formatInteger, formatMoney } from './format';

describe('formatCredits', () => {
  it('uses K above 1,000 and M above 1,000,000', () => {
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(1000)).toBe('1K');
    expect(formatCredits(1500)).toBe('1.5K');
    expect(formatCredits(2_345_678)).toBe('2.3M');
    expect(formatCredits(-1500)).toBe('-1.5K');
  });
  it('rounds 2,956 to 3K, which is why it is only for the header', () => expect(formatCredits(2956)).toBe('3K'));
  it('formats money with a $ prefix', () => expect(formatMoney(19.99)).toBe('$19.99'));
});

describe('formatCreditsExact', () => {
  it('keeps every credit and groups thousands in both languages', () => {
    expect(formatCreditsExact(2956)).toBe('2,956');
    expect(formatCreditsExact(2956, 'zh-Hant')).toBe('2,956');
    expect(formatCreditsExact(1_234_567, 'en')).toBe('1,234,567');
    expect(formatCreditsExact(999, 'zh-Hant')).toBe('999');
    expect(formatCreditsExact(-3052, 'en')).toBe('-3,052');
    expect(formatCreditsExact(0, 'zh-Hant')).toBe('0');
  });
});

describe('formatInteger', () => {
  it('writes integers exactly as Intl.NumberFormat does in both languages', () => {
    const values = [0, 7, -7, 42, 999, 1000, -1000, 5000, 12_345, 999_999, 1_000_000, -2_345_678, Number.MAX_SAFE_INTEGER];
    for (const locale of ['en', 'zh-Hant'])
      for (const n of values) expect(formatInteger(n, locale)).toBe(new Intl.NumberFormat(locale).format(n));
  });
  it('leaves other languages and non-integers to Intl', () => {
    expect(formatInteger(1234, 'de')).toBe(new Intl.NumberFormat('de').format(1234));
    expect(formatInteger(1234.6, 'en')).toBe('1,235');
  });
});

describe('formatDate', () => {
  it('writes one style per language, never the zh-CN slashes on an English page', () => {
    const iso = '2026-12-06T02:07:06Z';
    const en = formatDate(iso, 'en');
    const zh = formatDate(iso, 'zh-Hant');
    expect(en).not.toContain('/');
    expect(en).toMatch(/^Dec \d{1,2}, 2026, \d{2}:\d{2}$/);
    expect(zh).toMatch(/^2026年12月\d{1,2}日 \d{2}:\d{2}$/);
  });
});
