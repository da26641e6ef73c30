import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Generated images contain Twemoji artwork (CC BY 4.0), which asks for the creators, the copyright
 * notice, the licence and a note of changes wherever the artwork is shared. The app says so in its
 * footer (every page) and its terms, in both languages, and the gallery docs say so too.
 */
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

/** msgid → msgstr of a Lingui .po catalogue (single-line entries, as the extractor writes them). */
function catalogue(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [, id, str] of read(path).matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) entries.set(id!, str!);
  return entries;
}

describe('Twemoji attribution', () => {
  it('the engine does draw Twemoji artwork (this test guards a real obligation)', () => {
    expect(JSON.parse(read('package.json')).dependencies).toHaveProperty('@twemoji/svg');
  });

  for (const file of ['web/src/ui/footer.tsx', 'web/src/features/legal/terms.en.tsx']) {
    it(`${file} names Twemoji, its copyright holders and links the licence`, () => {
      const source = read(file);
      expect(source).toContain('https://github.com/jdecked/twemoji');
      expect(source).toContain('https://creativecommons.org/licenses/by/4.0/');
      expect(source).toMatch(/Twitter, Inc\. and other contributors/);
    });
  }

  // The terms are a document per language (web/src/features/legal), not catalogue messages.
  it('the Traditional Chinese terms keep the names, the holders and both links', () => {
    const source = read('web/src/features/legal/terms.zh-Hant.tsx');
    expect(source).toContain('https://github.com/jdecked/twemoji');
    expect(source).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(source).toMatch(/Twitter, Inc\. 及其他貢獻者/);
  });

  it('is translated: every attribution message has a Traditional Chinese text that keeps the names and links', () => {
    const zh = catalogue('web/src/locales/zh-Hant/messages.po');
    const messages = [...zh.keys()].filter((id) => id.includes('Twemoji'));
    expect(messages.length).toBeGreaterThanOrEqual(1);
    for (const id of messages) {
      const text = zh.get(id)!;
      expect(text, id).not.toBe('');
      expect(text).toContain('<0>Twemoji</0>');
      expect(text).toContain('<1>CC BY 4.0</1>');
      expect(text).toContain('Twitter, Inc.');
    }
  });

  it('the gallery docs attribute the artwork in the rendered sheets', () => {
    const readme = read('docs/gallery/README.md');
    expect(readme).toMatch(/## Attribution[\s\S]*Twemoji[\s\S]*Twitter, Inc\. and other contributors[\s\S]*CC BY 4\.0/);
  });
});
