import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { TOOL_CATALOGUE } from '@worker/contract/tools';
import { contextFor, launchBrowser, settled, snap } from './browser';

/**
 * The static headings that the build's page script paints before the app runs
 * (web/src/features/landing/page-shells.ts) are what React then draws: the same elements with the
 * same classes and words, in the same places, in the language the app starts in — whether it comes
 * from ?lang= or from the stored choice — and nothing shifts while React replaces them.
 */
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every tool page that ToolPage draws: a tool with a route file of its own is another page. */
const TOOL_PAGES = TOOL_CATALOGUE.filter((tool) => !existsSync(`web/src/routes/ai-tools.${tool.route}.tsx`)).map(
  (tool) => `/ai-tools/${tool.route}`,
);
const MAIN_PAGES = ['/ai-workbench', '/pricing', '/image-upscaler', '/ai-tools/anime-style'];

/**
 * The first `count` elements inside <main> (all of them when no count), in document order: tag, classes,
 * own words, placeholder, and where it is drawn — except for the boxes that hold more once React
 * has drawn the rest of the page (a div or section wrapping the heading and what follows it).
 */
const mainParts = (page: Page, count?: number) =>
  page.evaluate((count) => {
    const elements = [...(document.querySelector('main')?.querySelectorAll('*') ?? [])].slice(0, count ?? undefined);
    return elements.map((el) => {
      const box = el.getBoundingClientRect();
      const words = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim();
      const holder = el.tagName === 'DIV' || el.tagName === 'SECTION';
      return {
        tag: el.tagName,
        classes: el.getAttribute('class'),
        words,
        placeholder: el.getAttribute('placeholder'),
        box: holder ? null : { x: box.x, y: box.y, width: box.width, height: box.height },
      };
    });
  }, count ?? null);

for (const [lang, device, viewport, pages] of [
  ['en', 'phone', PHONE, [...new Set([...MAIN_PAGES, ...TOOL_PAGES])]],
  ['zh-Hant', 'phone', PHONE, [...new Set([...MAIN_PAGES, ...TOOL_PAGES])]],
  ['en', 'desktop', DESKTOP, MAIN_PAGES],
  ['zh-Hant', 'desktop', DESKTOP, MAIN_PAGES],
] as const) {
  it(`${lang} ${device}: each page's heading is painted before the app runs, and React draws the same words in the same places`, {
    timeout: 240_000,
  }, async () => {
    // On the phone the language is the stored one; on the desktop ?lang= asks for it over a stored English.
    const context = await contextFor(browser, { viewport, lang: device === 'phone' ? lang : 'en' });
    const query = device === 'desktop' ? `?lang=${lang}` : '';
    // Layout shifts over the whole load, from the first paint on, with where the moved elements were.
    await context.addInitScript(() => {
      const shifts: { value: number; tops: number[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as { value: number; sources: { previousRect: DOMRectReadOnly }[] };
          shifts.push({ value: shift.value, tops: shift.sources.map((source) => source.previousRect.top) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The app's modules never arrive: what this page shows is the static header and the shell alone.
    const before = await context.newPage();
    await before.route(/\/assets\/(?!route-preload-).*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    for (const path of pages) {
      await before.goto(`${baseUrl}${path}${query}`);
      await before.locator('main h1').waitFor();
      await settled(before);
      const shell = await mainParts(before);
      if (lang === 'zh-Hant') expect(shell.find((part) => part.tag === 'H1')?.words, path).toMatch(/[\u4e00-\u9fff]/);
      if (path === '/ai-workbench')
        expect(
          shell.some((part) => part.tag === 'TEXTAREA'),
          'the form down to the prompt',
        ).toBe(true);
      if (MAIN_PAGES.includes(path)) await snap(before, `page-shell-${path.slice(1).replace(/\//g, '-')}-${lang}-${device}`);

      await page.goto(`${baseUrl}${path}${query}`);
      // React's header has the sign-in button the static one lacks; its page has more than the shell.
      await page.locator('header button').first().waitFor();
      await expect
        .poll(() => page.evaluate(() => document.querySelectorAll('main *').length), { timeout: 15_000 })
        .toBeGreaterThan(shell.length);
      await settled(page);
      expect(await mainParts(page, shell.length), path).toEqual(shell);
      await page.waitForLoadState('networkidle');
      // What moved within the shell's height: the shell and React's heading over it. (Further down, on
      // a desktop, /pricing's FAQ moves when the plan cards replace their skeletons, shell or not.)
      const bottom = Math.max(...shell.map((part) => (part.box ? part.box.y + part.box.height : 0)));
      const shifted = await page.evaluate(
        (bottom) =>
          (window as unknown as { shifts: { value: number; tops: number[] }[] }).shifts
            .filter((shift) => shift.tops.some((top) => top < bottom))
            .reduce((sum, shift) => sum + shift.value, 0),
        bottom,
      );
      expect(shifted, path).toBeLessThan(0.001);
    }
    // A workbench asked for another mode starts differently: its shell is the heading alone.
    await before.goto(`${baseUrl}/ai-workbench?mode=image-to-image${query && `&${query.slice(1)}`}`);
    await before.locator('main h1').waitFor();
    expect(await before.locator('main textarea').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}
