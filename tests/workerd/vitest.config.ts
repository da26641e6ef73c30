import { defineConfig } from 'vitest/config';

/**
 * The Worker bundle under workerd (Miniflare), driven over fetch. tests/workerd/global-setup.ts
 * builds the SPA and the Worker bundle once; the files then run two at a time: most of their time
 * is spent waiting on wrangler, workerd and the engine service in other processes.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/workerd/**/*.test.ts'],
    globalSetup: ['tests/workerd/global-setup.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
