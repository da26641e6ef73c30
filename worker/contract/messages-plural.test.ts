import { describe, expect, it } from 'vitest';
import { renderMessage, say } from './messages';

describe('server messages with a count', () => {
  it('choose the plural form by Intl.PluralRules: "1 attempt left", "3 attempts left"', () => {
    expect(renderMessage(say('codeAttemptsLeft', { left: 1 }), 'en')).toBe(
      'Login failed, please check the verification code (1 attempt left)',
    );
    expect(renderMessage(say('codeAttemptsLeft', { left: 3 }), 'en')).toBe(
      'Login failed, please check the verification code (3 attempts left)',
    );
    expect(renderMessage(say('resendTooSoon', { seconds: 1 }), 'en')).toBe('Please wait 1 second before requesting a new code');
    expect(renderMessage(say('codeAttemptsLeft', { left: 1 }), 'zh-Hant')).toBe('登入失敗，請檢查驗證碼（剩餘 1 次）');
  });
});
