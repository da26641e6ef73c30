import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit, API and engine tests (Node), as projects that run side by side in one `vitest run`
 * (docs/decisions/029-suite-time.md, 039-shared-test-processes.md). The browser suite is tests/e2e
 * (Playwright, `npm run test:e2e`); the Worker under workerd is tests/workerd (`npm run test:workerd`).
 *
 * - `api`: every test that opens a database (a test app, PGlite or DATABASE_URL_TEST), found by what
 *   the file uses, so a new API test lands here without a list to keep. Forks that each run many
 *   files in one module graph (`isolate: false`): a file pays neither the app's import nor a PGlite
 *   start-up, since a closed in-memory database is wiped and handed to the next test. Every test
 *   builds its own app (createTestApp), so nothing a file needs lives in module state.
 *   `npm run test:integration` runs it (and `api-isolated`) alone against PostgreSQL.
 * - `api-isolated`: the API tests that replace a module (`vi.mock`), which only takes effect in a
 *   module graph of the file's own.
 * - `engine`: worker/engine (tfjs, face-api, sharp): CPU- and memory-heavy forks sharing the loaded
 *   models across files.
 * - `unit`: everything else, pure functions and fakes: worker threads, no per-file isolation cost.
 */
const ROOTS = ['worker', 'db', 'scripts', 'tests', 'web/src'];
const OPENS_A_DATABASE = /createTestApp|tests\/setup\/test-app|DATABASE_URL_TEST|openPglite|@electric-sql\/pglite/;

const testFiles = ROOTS.flatMap((root) =>
  (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(root, name).split('\\').join('/'))
    .filter((file) => !file.startsWith('tests/e2e/') && !file.startsWith('tests/workerd/')),
);
const isEngine = (file: string) => file.startsWith('worker/engine/');
const apiFiles = testFiles.filter((file) => !isEngine(file) && OPENS_A_DATABASE.test(readFileSync(file, 'utf8')));
const unitFiles = testFiles.filter((file) => !isEngine(file) && !apiFiles.includes(file));
/** Files that replace a module (`vi.mock`) need a module graph of their own. */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;
const apiIsolated = apiFiles.filter((file) => MOCKS_A_MODULE.test(readFileSync(file, 'utf8')));
const apiShared = apiFiles.filter((file) => !apiIsolated.includes(file));

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core machines. The tests
    // are independent (each API test opens its own database), so use every core.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unitFiles, pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: { name: 'api', include: apiShared, pool: 'forks', isolate: false },
      },
      {
        extends: true,
        test: { name: 'api-isolated', include: apiIsolated, pool: 'forks' },
      },
      {
        extends: true,
        test: { name: 'engine', include: ['worker/engine/**/*.test.ts'], pool: 'forks', isolate: false },
      },
    ],
  },
});
