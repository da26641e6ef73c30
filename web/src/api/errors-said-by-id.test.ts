import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@worker/contract/messages';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';

// Vitest runs without the Lingui compiler: `msg` becomes the descriptor the macro would make (as in
// error-text.test.ts, which may share this module graph).
vi.mock('@lingui/core/macro', () => ({
  msg: (descriptor: { message: string }) => ({ id: generateMessageId(descriptor.message), message: descriptor.message }),
}));
// The module's hook (useErrorText) is not called here; its macro import needs the compiler too.
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({}) }));
const { ERROR_MESSAGES } = await import('./error-message-table');
const { PLURAL_COUNTS } = await import('./error-text');

const WEB = join(import.meta.dirname, '..');

/** The app's own source: every module but tests and the generated API types. */
const sources = () =>
  (readdirSync(WEB, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test(-support)?\.tsx?$/.test(name) && !name.endsWith('.gen.ts'))
    .map((name) => ({ file: relative(WEB, join(WEB, name)), text: readFileSync(join(WEB, name), 'utf8') }));

/**
 * Ways code reads a message's text to decide something: a pattern test, a search in it, a
 * comparison, or (for an error) whether it is empty. The app acts on an error's code and says its
 * message id (error-text.ts); a sentence the server words differently must change nothing.
 */
const READS_TEXT = [
  /\.test\(\s*[\w.?!]*\.message\b/,
  /\.message\??\.(includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf|localeCompare)\(/,
  /\.message\s*(===|!==|==|!=)|(===|!==|==|!=)\s*[\w.?!]*\.message\b/,
  /!\s*[\w.?!]*\berr(or)?\.message\b/i,
  /\berr(or)?\.message\s*(\|\||\?\?|\?(?![.?]))/i,
];

describe('no code in the app tests an error’s text', () => {
  it('finds no pattern test, search, comparison or emptiness test of a message in web/src', () => {
    const found = sources().flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => (READS_TEXT.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('the app’s error catalogue', () => {
  it('names only messages the server has, with the parameters the server sends', () => {
    const names = (text: string) => new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]));
    for (const [id, descriptor] of Object.entries(ERROR_MESSAGES)) {
      expect(Object.hasOwn(MESSAGES, id), id).toBe(true);
      expect(names(descriptor.message!), id).toEqual(names(MESSAGES[id as keyof typeof MESSAGES].en));
      expect(zhTranslation(descriptor.message!), id).toBeTruthy();
    }
  });

  it('keeps as numbers exactly the parameters a server sentence counts with a plural form', () => {
    const counted = new Set(Object.values(MESSAGES).flatMap((texts) => [...texts.en.matchAll(/\{(\w+)\|/g)].map((m) => m[1]!)));
    expect(new Set(PLURAL_COUNTS)).toEqual(counted);
  });
});
