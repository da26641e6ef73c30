import { describe, expect, it } from 'vitest';
import { renderSharedError, renderSharedPage, sharedDate } from './page';

const creation = {
  type: 'TEXT_TO_IMAGE' as const,
  prompt: `"Quoted" <script>alert(1)</script> & ${'狐'.repeat(150)}😀${'x'.repeat(100)}`,
  width: 512,
  height: 384,
  createdAt: new Date('2026-11-22T10:00:00Z'),
  imageKey: 'users/usr_secret/results/a.png',
};
const links = { pageUrl: 'https://studio.example/s/tok', imageUrl: 'https://studio.example/s/tok/image', dateText: 'Nov 22, 2026' };

describe('renderSharedPage', () => {
  it('escapes the prompt everywhere and never writes the file key', () => {
    const html = renderSharedPage(creation, 'en', links);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;Quoted&quot;');
    expect(html).not.toContain('usr_secret');
    expect(html).not.toContain('users/');
    expect(html).toContain('<meta property="og:image:width" content="512">');
  });

  it('clips the description to whole characters for preview cards', () => {
    const html = renderSharedPage(creation, 'en', links);
    const description = html.match(/<meta property="og:description" content="([^"]*)">/)?.[1] ?? '';
    expect([
      ...description.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    ]).toHaveLength(200);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('without a prompt, says what the image is in the reader’s language', () => {
    const zh = renderSharedPage({ ...creation, prompt: null, type: 'WATERCOLOR' }, 'zh-Hant', links);
    expect(zh).toContain('<html lang="zh-Hant">');
    expect(zh).toContain('<h1>水彩</h1>');
    expect(zh).toContain('以 Image Studio 製作的 AI 生成圖片。');
    expect(zh).not.toContain('data-testid="shared-prompt"');
  });

  it('error pages carry no AI footer and no Open Graph image', () => {
    for (const kind of ['not-found', 'rate-limited'] as const) {
      const html = renderSharedError(kind, 'en');
      expect(html).not.toContain('<footer>');
      expect(html).not.toContain('og:image');
    }
    expect(sharedDate(creation.createdAt, 'zh-Hant')).toContain('2026');
  });
});
