import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { contextFor, launchBrowser, signInByApi, snap } from './browser';

/**
 * the landing page has every spec §1 section, the tools hub is reachable from the header
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
      // The sections below the showcase load as the visitor scrolls towards them, not with the page:
      // scroll to the end (again, as the page grows) until they are all there.
      await page.getByRole('heading', { name: t.firstShowcase }).first().waitFor();
      expect(await headings(page)).not.toContain(t.sections.at(-1));
      const scrolledHeadings = async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return headings(page);
      };
      await expect.poll(scrolledHeadings, { timeout: 15_000 }).toEqual(expect.arrayContaining([...t.sections]));
      for (const stat of ['120k+', '8x', '92%']) expect(await page.getByText(stat, { exact: true }).isVisible()).toBe(true);
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
      // An address naming a section loads the sections with the page, without scrolling.
      await page.goto(`${baseUrl}/#faq`);
      await page.getByRole('heading', { name: t.sections[9] }).waitFor({ timeout: 15_000 });
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

/** The hero's parts where they are drawn: the static hero before the app runs, then React's. */
const heroBoxes = (page: Page) =>
  page.evaluate(() => {
    const hero = document.querySelector('section[aria-labelledby="hero-title"]');
    const parts = { badge: 'p', title: 'h1', intro: 'h1 + p', start: 'a[href="/ai-workbench"]', tools: 'a[href="/ai-tools-workbench"]' };
    return Object.fromEntries(
      Object.entries(parts).map(([name, selector]) => {
        const box = hero?.querySelector(selector)?.getBoundingClientRect();
        const text = hero?.querySelector(selector)?.textContent ?? '';
        // The badge's words change once React knows the bonus or the balance; where it sits must not.
        return [name, box && { x: box.x, y: box.y, ...(name === 'badge' ? {} : { width: box.width, text }), height: box.height }];
      }),
    );
  });

for (const [lang, device, viewport, signedIn] of [
  ['en', 'phone', PHONE, false],
  ['zh-Hant', 'desktop', DESKTOP, false],
  ['en', 'phone', PHONE, true],
] as const) {
  it(`${lang} ${device}${signedIn ? ' signed in' : ''}: the hero is painted before the app runs, and React draws it in the same place with no layout shift`, {
    timeout: 60_000,
  }, async () => {
    const session = signedIn ? await signInByApi(baseUrl, `hero-shell-${Date.now()}@example.com`) : undefined;
    const context = await contextFor(browser, { viewport, lang, session });
    // Layout shifts over the whole load, from the first paint on (the page's CLS).
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });

    // The app's modules never arrive: what the page shows is the static hero alone.
    const before = await context.newPage();
    await before.route(/\/assets\/(?!route-preload-).*\.js$/, (route) => route.abort());
    await before.goto(baseUrl);
    await before.locator('#hero-title').waitFor();
    const shell = await heroBoxes(before);
    expect(shell.title?.text).toBe(TEXT[lang].sections[0]);
    await snap(before, `landing-hero-shell-${lang}-${device}${signedIn ? '-signed-in' : ''}`);
    if (signedIn)
      expect(await before.locator('#hero-title').locator('xpath=..').locator('p').first().textContent()).toMatch(/^Welcome back, .+/);

    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('hero-badge').waitFor();
    await page.getByRole('heading', { name: TEXT[lang].sections[1] }).waitFor();
    expect(await heroBoxes(page)).toEqual(shell);
    await page.waitForLoadState('networkidle');
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(shifted).toBeLessThan(0.001);
    await context.close();
  });
}
