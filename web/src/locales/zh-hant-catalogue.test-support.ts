import { readFileSync } from 'node:fs';

const catalogue = readFileSync(new URL('./zh-Hant/messages.po', import.meta.url), 'utf8');

/** The Traditional Chinese catalogue's text for an English message id (one-line entries), if it has one. */
export function zhTranslation(msgid: string): string | undefined {
  const id = JSON.stringify(msgid).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return catalogue.match(new RegExp(`^msgid ${id}\\nmsgstr "(.*)"$`, 'm'))?.[1];
}
