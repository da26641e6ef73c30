import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's Chromium driven by playwright-core against `npm start` on a fresh data dir. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // expect.poll gives up after 1 s by default; a page on a busy 2-core CI machine can take longer
    // to render its data, and a poll is a wait for an event, not a speed test.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
