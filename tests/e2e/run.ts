/**
 * `npm run test:e2e`. On CI (CI=true) a missing Chromium is a failure; on a laptop without it the
 * suite says how to install it and steps aside, so `npm test` stays usable everywhere.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Everything the SPA build reads: its sources, the shared contract and catalogues, the build
 * configuration and the installed packages. Generous on purpose: a file that cannot change the
 * build only costs a rebuild.
 */
const BUILD_INPUTS = [
  'web',
  'worker',
  'db',
  'scripts/lib',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

// Always test the current sources: the SPA is rebuilt unless dist/web was built after the last change
// to any build input (the workerd suite, run before this one by `npm test`, builds the same output),
// so a stale dist/web cannot pass for the sources and one run never builds twice.
const built = existsSync('dist/web/index.html') ? statSync('dist/web/index.html').mtimeMs : 0;
if (built <= Math.max(...BUILD_INPUTS.map(newestMtime))) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('dist/web is newer than every build input: reusing it.');
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
