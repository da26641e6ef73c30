import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';

/**
 * Issue 17: the Worker bundle as wrangler builds it for deploy (wrangler.toml: minify, no kept
 * names) stays under 300 KB gzipped, so cold starts stay cheap. It was 549 KB unminified with all
 * 64 zod locales (`import { z } from 'zod'` keeps the whole namespace; `import * as z` lets the
 * bundler drop what is unused).
 */
const OUT = '.wrangler/bundle-size';
const LIMIT_BYTES = 300 * 1024;

it('the minified Worker bundle is at most 300 KB gzipped and carries no zod locales', () => {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--env', 'dev', '--outdir', OUT], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_LOG: 'error' },
  });
  const bundle = readFileSync(`${OUT}/index.js`);
  const gzipped = gzipSync(bundle).length;
  expect(gzipped, `${Math.round(gzipped / 1024)} KB gz`).toBeLessThanOrEqual(LIMIT_BYTES);
  // A German zod message: present only when the locales are bundled.
  expect(bundle.toString('utf8')).not.toContain('Eingabe: erwartet');
}, 120_000);
