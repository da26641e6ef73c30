import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heroShellHtml, heroShellScript, readPoCatalogue, shortenName } from './hero-shell';

const icons = { sparkles: '<svg id="s"></svg>', coins: '<svg id="c"></svg>', arrowRight: '<svg id="a"></svg>' };
const catalogue = (locale: string) => readPoCatalogue(readFileSync(`web/src/locales/${locale}/messages.po`, 'utf8'));

describe('the static landing hero', () => {
  it('reads one-line .po entries, quotes and escapes included', () => {
    const po = 'msgid ""\nmsgstr ""\n\n#: a.tsx\nmsgid "Say \\"hi\\""\nmsgstr "說「嗨」\\n"\n';
    expect([...readPoCatalogue(po)]).toEqual([
      ['', ''],
      ['Say "hi"', '說「嗨」\n'],
    ]);
  });

  it('takes its words from the catalogues, the gradient span in place of <0>', () => {
    const zh = heroShellHtml(catalogue('zh-Hant'), icons);
    expect(zh.signedOut).toContain('把點子變成<span class="text-gradient">驚豔的圖片</span>');
    expect(zh.signedOut).toContain('<svg id="s"></svg>註冊即送免費點數');
    expect(zh.signedIn).toContain('<svg id="c"></svg>歡迎回來，{name}');
    expect(heroShellHtml(catalogue('en'), icons).signedIn).toContain('Continue creating<svg id="a"></svg></a>');
  });

  it('escapes a translation and fails the build on a missing one', () => {
    const hostile = new Map(
      [...catalogue('en')].map(([id, text]) => [id, id === 'Explore AI tools' ? '<img src=x onerror=alert(1)>' : text]),
    );
    expect(heroShellHtml(hostile, icons).signedOut).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(() => heroShellHtml(new Map(), icons)).toThrow(/no translation for "Turn ideas into/);
  });

  it('fills in a stored name as text, whatever it contains', () => {
    const script = heroShellScript({
      en: { signedOut: 'out', signedIn: '<p>Welcome back, {name}</p>' },
      'zh-Hant': { signedOut: 'out', signedIn: '' },
    });
    const root = {
      childElementCount: 1,
      firstElementChild: { tagName: 'HEADER' },
      html: '',
      insertAdjacentHTML: (_: string, h: string) => (root.html = h),
    };
    const user = { name: `$'<b>"x"</b>`, email: 'pat@example.com' };
    const storage: Record<string, string> = { token: 't', user: JSON.stringify(user) };
    new Function('document', 'location', 'localStorage', script)(
      { getElementById: () => root, addEventListener: () => undefined },
      { pathname: '/' },
      { getItem: (key: string) => storage[key] ?? null },
    );
    expect(root.html).toBe('<p>Welcome back, $&#39;&#60;b&#62;&#34;x&#34;&#60;/b&#62;</p>');
  });

  it('paints the language ?lang= asks for over the stored one, as the app starts in it', () => {
    const script = heroShellScript({ en: { signedOut: 'hero', signedIn: '' }, 'zh-Hant': { signedOut: '英雄', signedIn: '' } });
    const paint = (search: string, lang: string) => {
      const root = {
        childElementCount: 1,
        firstElementChild: { tagName: 'HEADER' },
        html: '',
        insertAdjacentHTML: (_: string, h: string) => (root.html = h),
      };
      new Function('document', 'location', 'localStorage', script)(
        { getElementById: () => root, addEventListener: () => undefined },
        { pathname: '/', search },
        { getItem: (key: string) => (key === 'lang' ? lang : null) },
      );
      return root.html;
    };
    expect(paint('?lang=zh-Hant', 'en')).toBe('英雄');
    expect(paint('?lang=en', 'zh-Hant')).toBe('hero');
    expect(paint('', 'zh-Hant')).toBe('英雄');
    expect(paint('?lang=fr', 'en')).toBe('hero');
  });

  it('shortens a long name to one badge line, in the page script too', () => {
    expect(shortenName('Pat')).toBe('Pat');
    expect(shortenName('a-very-long-address@example.com')).toBe('a-very-long-address…');
    expect(shortenName('a-very-long-address@example.com')).toHaveLength(20);
    expect(heroShellScript({ en: { signedOut: '', signedIn: '' }, 'zh-Hant': { signedOut: '', signedIn: '' } })).toContain(
      'shortenName(String(user.name',
    );
  });
});
