/**
 * `npm run test:e2e`. On CI (CI=true) a missing Chromium is a failure; on a laptop without it the
 * suite says how to install it and steps aside, so `npm test` stays usable everywhere.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM } from './browser';

if (!existsSync(CHROMIUM)) {
  const message = `Browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium fonts-noto-cjk).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping them on this machine.`);
  process.exit(0);
}
// Always test the current sources: rebuild the SPA so a stale dist/web cannot pass for it.
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
