import { execFileSync } from 'node:child_process';
import { ensureSpaBuild } from '@scripts/lib/spa-build';

/**
 * Builds once for the whole workerd suite, before its files start (they may run side by side):
 * the SPA the assets binding serves (unless dist/web is up to date), and the Worker bundle exactly as
 * `npm run deploy` builds it (wrangler.toml: minified), which the bundle checks read.
 */
export const WORKER_BUNDLE_DIR = '.wrangler/test-bundle';

export function setup() {
  ensureSpaBuild();
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--env', 'dev', '--outdir', WORKER_BUNDLE_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_LOG: 'error' },
  });
}
