import { expect, it } from 'vitest';
import { BUDGET, measureBundle } from '@scripts/lib/bundle-budget';

/** Weight budgets on the build this suite just made (tests/e2e/run.ts builds dist/web first). */
it(`initial JS for / ≤ ${BUDGET.initialKb} KB gz and every other chunk ≤ ${BUDGET.chunkKb} KB gz`, () => {
  const report = measureBundle('dist/web');
  console.log(
    `initial JS for /: ${report.initialKb} KB gz; largest other chunk: ${report.largestChunk.file} ${report.largestChunk.gzKb} KB gz`,
  );
  expect(report.initialKb).toBeLessThanOrEqual(BUDGET.initialKb);
  expect(report.chunks.filter((c) => c.gzKb > BUDGET.chunkKb)).toEqual([]);
});
