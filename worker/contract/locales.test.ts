import { describe, expect, it } from 'vitest';
import { acceptedLocale, pickLocale } from './locales';

describe('acceptedLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-Hant'],
    ['en-US,en;q=0.9,zh-TW;q=0.8', 'en'],
    ['en;q=0.5, zh-HK;q=0.9', 'zh-Hant'],
    ['zh;q=0, en', 'en'],
    ['zh-CN;q=0.1, en', 'en'],
    ['ZH-tw', 'zh-Hant'],
  ])('%s → %s', (header, locale) => expect(acceptedLocale(header)).toBe(locale));
});

describe('pickLocale', () => {
  it('takes ?lang= over Accept-Language', () => {
    expect(pickLocale('zh-Hant', 'en')).toBe('zh-Hant');
    expect(pickLocale('en', 'zh-TW')).toBe('en');
  });

  it('ranks Accept-Language the same way as every API answer does', () => {
    expect(pickLocale(undefined, 'zh-CN;q=0.1, en')).toBe('en');
    expect(pickLocale(undefined, 'en;q=0.5, zh-HK;q=0.9')).toBe('zh-Hant');
  });
});
