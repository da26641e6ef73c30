/**
 * Runs `load` once the browser is idle after the page's first render (a second at most without
 * requestIdleCallback, as in Safari): code a page needs only after an interaction or a finished job is
 * fetched then, so it is ready when it is needed and never delays the first render.
 */
export function whenIdle(load: () => unknown): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void load(), { timeout: 5000 });
  else setTimeout(() => void load(), 1000);
}
