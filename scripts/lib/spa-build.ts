/**
 * The production SPA build that `npm start` and the browser and workerd suites serve, made at most
 * once per run and never stale: `dist/web` is rebuilt unless it was built after the last change to
 * any build input. Where the sources are absent (a deployed copy of dist/web), it is kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * Builds the SPA into dist/web unless that build is newer than every input. The build is told it
 * is a production one: the calling process may carry `NODE_ENV=test` (vitest sets it), and Vite
 * would pass that on to React, whose development build is half again as large and renders twice.
 */
export function ensureSpaBuild(): 'built' | 'reused' {
  const built = existsSync('dist/web/index.html') ? statSync('dist/web/index.html').mtimeMs : 0;
  if (built > Math.max(...BUILD_INPUTS.map(newestMtime))) return 'reused';
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return 'built';
}
