import { defineConfig } from 'vitest/config';

/** The Worker bundle under workerd (Miniflare): built once by the test itself, then driven over fetch. */
export default defineConfig({
  test: {
    include: ['tests/workerd/**/*.test.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
