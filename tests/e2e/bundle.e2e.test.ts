import { expect, it } from 'vitest';
import { BUDGET, measureBundle } from '@scripts/lib/bundle-budget';

/** Weight budgets on the build this suite just made (tests/e2e/run.ts builds dist/web first). */
it(`initial JS for / ≤ ${BUDGET.initialKb} KB gz, each route adds ≤ ${BUDGET.routeKb} KB gz, every other chunk ≤ ${BUDGET.chunkKb} KB gz, the pre-script ≤ ${BUDGET.preScriptKb} KB gz`, () => {
  const report = measureBundle('dist/web');
  console.log(
    `initial JS for /: ${report.initialKb} KB gz; largest route: ${report.routes[0]?.route} ${report.routes[0]?.gzKb} KB gz; ` +
      `largest other chunk: ${report.largestChunk.file} ${report.largestChunk.gzKb} KB gz`,
  );
  expect(report.initialKb).toBeLessThanOrEqual(BUDGET.initialKb);
  expect(report.routes.filter((r) => r.gzKb > BUDGET.routeKb)).toEqual([]);
  expect(report.chunks.filter((c) => c.gzKb > BUDGET.chunkKb)).toEqual([]);
  expect(report.preScript.file).toMatch(/^assets\/route-preload-/);
  expect(report.preScript.gzKb).toBeLessThanOrEqual(BUDGET.preScriptKb);
  // The home page renders first with its part of the catalogue: a message missing there would show its id.
  expect(report.missingFirstPaintMessages).toEqual([]);
  // Chromium compiles the start-up chunks on a background thread, not function by function on the main thread.
  expect(report.startUpWithoutCompileHint).toEqual([]);
});
