import { describe, expect, it } from 'vitest';
import { EMAIL_CODE_PURPOSES } from '@db/schema/users';
import { LOCALES } from '../contract/locales';
import { renderMail } from './mail';

describe('renderMail', () => {
  it.each(LOCALES.flatMap((locale) => EMAIL_CODE_PURPOSES.map((purpose) => [locale, purpose] as const)))(
    '%s %s: the code in the subject and both bodies, with the expiry',
    (locale, purpose) => {
      const mail = renderMail({ kind: 'code', purpose, code: '123456', minutes: 10 }, locale);
      expect(mail.subject).toContain('123456');
      expect(mail.text).toMatch(/\b123456\b/);
      expect(mail.text).toContain('10');
      expect(mail.html).toContain('>123456</p>');
    },
  );

  it('writes Traditional Chinese for zh-Hant and English for en', () => {
    const zh = renderMail({ kind: 'code', purpose: 'sign-in', code: '654321', minutes: 10 }, 'zh-Hant');
    expect(zh.subject).toBe('您的 Image Studio 登入驗證碼：654321');
    expect(zh.text).toContain('驗證碼將在 10 分鐘後失效');
    const en = renderMail({ kind: 'code', purpose: 'sign-in', code: '654321', minutes: 10 }, 'en');
    expect(en.subject).toBe('Your Image Studio sign-in code: 654321');
    expect(en.text).toContain('It expires in 10 minutes.');
  });

  it('says the notices in the recipient language', () => {
    expect(renderMail({ kind: 'password-changed', how: 'reset' }, 'en').subject).toBe('Your Image Studio password was changed');
    expect(renderMail({ kind: 'password-changed', how: 'personal-center' }, 'zh-Hant').text).toContain('個人中心');
    expect(renderMail({ kind: 'email-changed', newEmail: 'ne…@example.com' }, 'zh-Hant').text).toContain('ne…@example.com');
    expect(renderMail({ kind: 'account-deleted' }, 'zh-Hant').subject).toBe('您的 Image Studio 帳戶已刪除');
  });

  it('addresses the reader formally (您, never 你) in every Traditional Chinese mail, as the UI does', () => {
    const mails = [
      ...EMAIL_CODE_PURPOSES.map((purpose) => renderMail({ kind: 'code', purpose, code: '123456', minutes: 10 }, 'zh-Hant')),
      renderMail({ kind: 'password-changed', how: 'reset' }, 'zh-Hant'),
      renderMail({ kind: 'password-changed', how: 'personal-center' }, 'zh-Hant'),
      renderMail({ kind: 'email-changed', newEmail: 'ne…@example.com' }, 'zh-Hant'),
      renderMail({ kind: 'account-deleted' }, 'zh-Hant'),
    ];
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('你');
      expect(`${mail.subject}\n${mail.text}`).toContain('您');
    }
  });

  it('escapes what it puts into HTML', () => {
    const mail = renderMail({ kind: 'email-changed', newEmail: '<b>x</b>@example.com' }, 'en');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
    expect(mail.html).not.toContain('<b>');
  });
});
