import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { JOB_FAILURE_TEXT, JOB_FAILURES } from '@worker/contract/job-failures';

// Vitest runs without the Lingui compiler: `msg` becomes a plain descriptor with its English message.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
const { JOB_FAILURE_MESSAGES } = await import('./failure-text');

/** The SPA says each job failure code itself; it says what the server says for callers without the SPA. */
describe('job failure messages', () => {
  const zh = readFileSync(new URL('../../locales/zh-Hant/messages.po', import.meta.url), 'utf8');
  const translation = (msgid: string) =>
    zh.match(new RegExp(`^msgid ${JSON.stringify(msgid).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nmsgstr "(.*)"$`, 'm'))?.[1];

  it.each(JOB_FAILURES)('%s: the English and Chinese the API answers with', (code) => {
    const english = JOB_FAILURE_MESSAGES[code].message!;
    expect(english).toBe(JOB_FAILURE_TEXT[code].en);
    expect(translation(english)).toBe(JOB_FAILURE_TEXT[code]['zh-Hant']);
  });
});
