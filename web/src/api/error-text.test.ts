import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Message, renderMessage } from '@worker/contract/messages';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';

// Vitest runs without the Lingui compiler: `msg` becomes the descriptor the macro would make.
vi.mock('@lingui/core/macro', () => ({
  msg: (descriptor: { message: string }) => ({ id: generateMessageId(descriptor.message), message: descriptor.message }),
}));
// The module's hook (useErrorText) is not called here; its macro import needs the compiler too.
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({}) }));
const { ERROR_MESSAGES } = await import('./error-message-table');
const { loadErrorMessages, sayMessage } = await import('./error-text');
await loadErrorMessages();

/** An i18n in `locale`, with the Traditional Chinese catalogue's entries for the error messages. */
function i18nIn(locale: 'en' | 'zh-Hant') {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  const messages = Object.fromEntries(
    Object.values(ERROR_MESSAGES).map(({ message = '' }) => [
      generateMessageId(message),
      locale === 'en' ? message : JSON.parse(`"${zhTranslation(message)}"`),
    ]),
  );
  i18n.loadAndActivate({ locale, messages });
  return i18n;
}

/** Sample values: a count for every number the sentences name, a word for the rest. */
const sample = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/\{(\w+)/g)].map(([, name]) => [
      name!,
      ['field', 'other', 'options', 'values', 'formats', 'id', 'gateway'].includes(name!) ? 'prompt' : 12345,
    ]),
  );

describe('sayMessage', () => {
  it('says every catalogued message in English as the server renders it', () => {
    const i18n = i18nIn('en');
    for (const id of Object.keys(ERROR_MESSAGES)) {
      const said = { id, params: sample(MESSAGES[id as keyof typeof MESSAGES].en) };
      expect(sayMessage(i18n, said), id).toBe(renderMessage(said as Message, 'en'));
    }
  });

  // The app's Chinese may word a sentence its own way (a catalogue entry the pages already had),
  // but says every value the server's Chinese does, formatted the same way.
  it('says every catalogued message in Traditional Chinese with the values the server’s Chinese names', () => {
    const i18n = i18nIn('zh-Hant');
    for (const id of Object.keys(ERROR_MESSAGES)) {
      const server = MESSAGES[id as keyof typeof MESSAGES]['zh-Hant'];
      const said = sayMessage(i18n, { id, params: sample(server) })!;
      expect(said, id).toMatch(/\p{Script=Han}/u);
      for (const value of Object.values(sample(server))) expect(said, id).toContain(typeof value === 'number' ? '12,345' : value);
    }
  });

  it('chooses the plural form from the number', () => {
    expect(sayMessage(i18nIn('en'), { id: 'resendTooSoon', params: { seconds: 1 } })).toBe(
      'Please wait 1 second before requesting a new code',
    );
    expect(sayMessage(i18nIn('zh-Hant'), { id: 'codeAttemptsLeft', params: { left: 2 } })).toBe('登入失敗，請檢查驗證碼（剩餘 2 次）');
  });

  it('has no text for an id outside its catalogue', () => {
    expect(sayMessage(i18nIn('en'), { id: 'noRoute', params: {} })).toBeNull();
    expect(sayMessage(i18nIn('en'), { id: 'constructor', params: {} })).toBeNull();
  });
});
