import { defineConfig } from 'vitest/config';

/** Unit and API tests (Node). The browser suite is tests/e2e (Playwright), run by `npm run test:e2e`. */
export default defineConfig({
  test: {
    include: ['worker/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'tests/workerd/**', 'node_modules/**'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core machines. The tests
    // are independent (each API test opens its own database), so use every core.
    maxWorkers: '100%',
  },
});
