import { describe, expect, it, vi } from 'vitest';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';
import { JOB_FAILURES } from '@worker/contract/job-failures';
import { JOB_FAILURE_TEXT } from '@worker/i18n/job-failures';

// Vitest runs without the Lingui compiler: `msg` becomes a plain descriptor with its English message.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
const { JOB_FAILURE_MESSAGES } = await import('./failure-text');

/** The SPA says each job failure code itself; it says what the server says for callers without the SPA. */
describe('job failure messages', () => {
  it.each(JOB_FAILURES)('%s: the English and Chinese the API answers with', (code) => {
    const english = JOB_FAILURE_MESSAGES[code].message!;
    expect(english).toBe(JOB_FAILURE_TEXT[code].en);
    expect(zhTranslation(english)).toBe(JOB_FAILURE_TEXT[code]['zh-Hant']);
  });
});
