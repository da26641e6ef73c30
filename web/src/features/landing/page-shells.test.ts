import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_CATALOGUE } from '@worker/contract/tools';
import { readPoCatalogue } from './hero-shell';
import { inspirationLabelsFrom, pageShellScript, pageShellsHtml, toolMessagesFrom } from './page-shells';

const catalogue = (locale: string) => readPoCatalogue(readFileSync(`web/src/locales/${locale}/messages.po`, 'utf8'));
const tools = [
  {
    route: 'anime-style',
    icon: '<svg id="t"></svg>',
    title: 'Anime style',
    description: 'Flat cel colours and clean ink lines, like a frame of an anime.',
  },
];
const parts = {
  icons: { sparkles: '<svg id="s"></svg>', arrowLeft: '<svg id="a"></svg>' },
  tools,
  workbench: { inspiration: ['Landscape'], promptMax: 5000 },
};

/** Runs the page script against a stand-in #root holding the static header; returns what it added. */
function paint(script: string, url: string, storage: Record<string, string> = {}) {
  const root = {
    childElementCount: 1,
    firstElementChild: { tagName: 'HEADER' },
    html: '',
    insertAdjacentHTML: (_: string, h: string) => (root.html += h),
  };
  const { pathname, search } = new URL(url, 'https://studio.test');
  new Function('document', 'location', 'localStorage', script)(
    { getElementById: () => root, addEventListener: () => undefined },
    { pathname, search },
    { getItem: (key: string) => storage[key] ?? null },
  );
  return root.html;
}

describe('the static page headings', () => {
  it('reads every drawn tool’s words and the inspiration tags from the modules React reads them from', () => {
    const ids = TOOL_CATALOGUE.map((tool) => tool.id);
    const words = toolMessagesFrom(readFileSync('web/src/features/tools/catalogue.ts', 'utf8'), ids);
    expect(words.get('anime-style')).toEqual({ title: 'Anime style', description: tools[0]!.description });
    expect(words.get('id-photo-generation')?.title).toBe('ID photo');
    expect(() => toolMessagesFrom('', ['anime-style'])).toThrow(/"anime-style"/);
    expect(inspirationLabelsFrom(readFileSync('web/src/features/workbench/styles.ts', 'utf8'))).toEqual(
      expect.arrayContaining(['Landscape', 'Portrait', 'Creative']),
    );
  });

  it('takes its words from the catalogues, escaped, and fails the build on a missing one', () => {
    const zh = pageShellsHtml(catalogue('zh-Hant'), 'zh-Hant', parts);
    expect(zh.pages['/ai-workbench']).toContain('>AI 工作台</h1>');
    expect(zh.pages['/ai-tools/anime-style']).toContain('<svg id="a"></svg>返回工作台</a>');
    expect(zh.workbenchForm).toContain('>風景</button>');
    expect(pageShellsHtml(catalogue('en'), 'en', parts).workbenchForm).toContain('0 / 5,000');
    const hostile = new Map([...catalogue('en')].map(([id, text]) => [id, id === 'AI workbench' ? '<img src=x onerror=alert(1)>' : text]));
    expect(pageShellsHtml(hostile, 'en', parts).pages['/ai-workbench']).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(() => pageShellsHtml(new Map(), 'en', parts)).toThrow(/no translation for "AI workbench"/);
  });

  it('paints the page’s shell in the language the app starts in, ?lang= first', () => {
    const script = pageShellScript({
      en: { pages: { '/pricing': '<main>pricing</main>', '/ai-workbench': '<main>workbench</main>' }, workbenchForm: '<form>' },
      'zh-Hant': { pages: { '/pricing': '<main>價格</main>', '/ai-workbench': '<main>工作台</main>' }, workbenchForm: '<表單>' },
    });
    expect(paint(script, '/pricing')).toBe('<main>pricing</main>');
    expect(paint(script, '/pricing/', { lang: 'zh-Hant' })).toBe('<main>價格</main>');
    expect(paint(script, '/pricing?lang=zh-Hant', { lang: 'en' })).toBe('<main>價格</main>');
    expect(paint(script, '/pricing?lang=en', { lang: 'zh-Hant' })).toBe('<main>pricing</main>');
    expect(paint(script, '/terms')).toBe('');
    // The workbench's form only where the app starts with it as the shell draws it.
    expect(paint(script, '/ai-workbench?lang=zh-Hant&mode=text-to-image')).toBe('<main>工作台<表單></main>');
    expect(paint(script, '/ai-workbench?mode=image-to-image')).toBe('<main>workbench</main>');
    expect(paint(script, '/ai-workbench?prompt=a%20cat')).toBe('<main>workbench</main>');
    // A stored token without its user: the app shows its start-up spinner first.
    expect(paint(script, '/pricing', { token: 't' })).toBe('');
    expect(paint(script, '/pricing', { token: 't', user: '{"name":"Pat"}' })).toBe('<main>pricing</main>');
  });
});
