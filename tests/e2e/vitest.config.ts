import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's Chromium driven by playwright-core against `npm start` on a fresh data dir. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
