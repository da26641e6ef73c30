/**
 * The terms and the privacy policy are documents, not interface strings: each language's text is
 * its own component (`terms.en.tsx`, `terms.zh-Hant.tsx`, …), loaded with its route's chunk. In the
 * Lingui catalogues they added ~2.5 KB gz to every page's first load, for two pages few people open.
 * A change to a policy is made in both files and its `updated` date in both.
 */
export type LegalLocale = 'en' | 'zh-Hant';
export const legalLocale = (locale: string): LegalLocale => (locale === 'zh-Hant' ? 'zh-Hant' : 'en');
