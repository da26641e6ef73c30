import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/locales';
import { formatReceiptDate, formatReceiptMoney, RECEIPT_TEXTS } from './receipt';

describe('receipt texts', () => {
  it('writes amounts exactly, in the currency’s own minor unit, with its ISO code', () => {
    expect(formatReceiptMoney(1999, 'USD', 'en')).toBe('USD 19.99');
    expect(formatReceiptMoney(1999, 'USD', 'zh-Hant')).toBe('USD 19.99');
    expect(formatReceiptMoney(0, 'USD', 'en')).toBe('USD 0.00');
    expect(formatReceiptMoney(123456, 'EUR', 'en')).toBe('EUR 1,234.56');
    // Zero-decimal currencies: the stored minor unit is the whole yen.
    expect(formatReceiptMoney(1500, 'JPY', 'en')).toBe('JPY 1,500');
  });

  it('writes dates in UTC, spelled out per language', () => {
    const paid = '2026-11-29T23:45:00.000Z';
    expect(formatReceiptDate(paid, 'en')).toBe('November 29, 2026 at 23:45 UTC');
    expect(formatReceiptDate(paid, 'zh-Hant')).toBe('2026年11月29日 23:45 UTC');
    expect(formatReceiptDate(paid, 'zh-Hant', false)).toBe('2026年11月29日');
  });

  it('has every text in every language', () => {
    const keys = Object.keys(RECEIPT_TEXTS.en).sort();
    for (const locale of LOCALES) expect(Object.keys(RECEIPT_TEXTS[locale]).sort()).toEqual(keys);
    expect(RECEIPT_TEXTS['zh-Hant'].credits('1,000')).toBe('1,000 點數');
  });
});
