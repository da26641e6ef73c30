import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { contextFor, launchBrowser, signInByApi, snap } from './browser';

/**
 * Issue 16: the landing page has every spec §1 section, the tools hub is reachable from the header
 * and the home page and lists every tool (upscaler included), and the new pages (Terms, Privacy,
 * /credits and /referrals signed out) exist — in English and Traditional Chinese, desktop and phone.
 */
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const TEXT = {
  en: {
    sections: [
      'Turn ideas into stunning images',
      'From the showcase',
      'What is Image Studio?',
      'Why creators choose Image Studio',
      'How to create',
      'Capabilities',
      'Image Studio in numbers',
      'Simple pricing',
      'What creators say',
      'Frequently asked questions',
    ],
    tools: 'AI tools',
    upscaler: 'Image upscaler',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    credits: 'Credits',
    invite: 'Invite friends, earn credits',
    back: 'Back to workbench',
    firstShowcase: 'Alpine sunset',
  },
  'zh-Hant': {
    sections: [
      '把點子變成驚豔的圖片',
      '精選作品',
      '什麼是 Image Studio？',
      '創作者為什麼選擇 Image Studio',
      '如何創作',
      '功能一覽',
      'Image Studio 數據一覽',
      '簡單的價格',
      '創作者怎麼說',
      '常見問題',
    ],
    tools: 'AI 工具',
    upscaler: '圖片放大',
    terms: '服務條款',
    privacy: '隱私權政策',
    credits: '點數',
    invite: '邀請好友，賺取點數',
    back: '返回工作台',
    firstShowcase: '阿爾卑斯夕照',
  },
} as const;

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const headings = (page: Page) =>
  page
    .locator('h1, h2')
    .allTextContents()
    .then((list) => list.map((h) => h.replace(/\s+/g, ' ').trim()));

for (const lang of ['en', 'zh-Hant'] as const) {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${lang} ${device}: every landing section, the stats, the tools hub with the upscaler, Terms, Privacy and the signed-out /credits and /referrals`, {
      timeout: 120_000,
    }, async () => {
      const t = TEXT[lang];
      const context = await contextFor(browser, { viewport, lang });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));

      await page.goto(baseUrl);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => headings(page), { timeout: 15_000 }).toEqual(expect.arrayContaining([...t.sections]));
      for (const stat of ['120k+', '8x', '92%']) expect(await page.getByText(stat, { exact: true }).isVisible()).toBe(true);
      await page.getByRole('heading', { name: t.firstShowcase }).first().waitFor();
      await expect.poll(() => page.getByTestId('pricing-tier-1').textContent(), { timeout: 15_000 }).toMatch(/\$\d/);
      expect(await page.getByTestId('tool-grid').getByRole('link').count()).toBe(12);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: t.terms }).isVisible()).toBe(true);
      expect(await noOverflow(page)).toBe(true);
      await snap(page, `landing-${lang}-${device}`);

      // The hub from the header (the phone's menu first) lists every tool, the upscaler too.
      if (device === 'phone') await page.getByRole('button', { name: lang === 'en' ? 'Menu' : '選單' }).click();
      await page
        .getByRole('navigation', { name: lang === 'en' ? 'Main' : '主選單' })
        .getByRole('link', { name: t.tools, exact: true })
        .last()
        .click();
      await page.waitForURL(/\/ai-tools-workbench$/);
      expect(await page.getByTestId('tool-grid').getByRole('link').count()).toBe(12);
      await page
        .getByTestId('tool-grid')
        .getByRole('link', { name: new RegExp(t.upscaler) })
        .waitFor();
      expect(await noOverflow(page)).toBe(true);
      await snap(page, `tools-hub-${lang}-${device}`);

      // A tool page goes back to the workbench (spec §2).
      await page.goto(`${baseUrl}/ai-tools/anime-style`);
      await page.getByRole('link', { name: t.back }).click();
      await page.waitForURL(/\/ai-workbench/);

      for (const [path, title] of [
        ['/terms', t.terms],
        ['/privacy', t.privacy],
        ['/credits', t.credits],
        ['/referrals', t.invite],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await noOverflow(page)).toBe(true);
        if (device === 'phone') await snap(page, `page-${path.slice(1)}-${lang}-${device}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

it('signed in, the hero shows the account and its credits instead of promising sign-up credits; /credits opens My credits', {
  timeout: 60_000,
}, async () => {
  const session = await signInByApi(baseUrl, `landing-${Date.now()}@example.com`);
  const context = await contextFor(browser, { viewport: DESKTOP, lang: 'en', session });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await expect.poll(() => page.getByTestId('hero-badge').textContent(), { timeout: 15_000 }).toMatch(/Welcome back, .+ · \d+ credits/);
  expect(await page.getByTestId('hero-badge').textContent()).not.toMatch(/when you sign up/);
  await page.goto(`${baseUrl}/credits`);
  await page.waitForURL(/\/personal-center\/credits$/);
  await context.close();
});

it('the login modal links to Terms and Privacy', { timeout: 60_000 }, async () => {
  const context = await contextFor(browser, { viewport: DESKTOP, lang: 'zh-Hant' });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('button', { name: '登入' }).first().click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.getByRole('link', { name: '服務條款' }).getAttribute('href')).toBe('/terms');
  expect(await dialog.getByRole('link', { name: '隱私權政策' }).getAttribute('href')).toBe('/privacy');
  await context.close();
});
