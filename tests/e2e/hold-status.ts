import type { Page, Route } from 'playwright-core';

/**
 * Holds every status call of a job unanswered, so the job stays "running" in the page for as long as
 * the test needs; the returned function lets them (and every later one) through.
 */
export async function holdStatus(page: Page) {
  const held: Route[] = [];
  const pattern = '**/api/generate-image/status/**';
  await page.route(pattern, (route) => void held.push(route));
  return async () => {
    await page.unroute(pattern);
    for (const route of held) await route.continue().catch(() => undefined);
  };
}
