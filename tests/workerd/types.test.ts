import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

/** worker-configuration.d.ts (`npm run cf-typegen`) matches wrangler.toml. */
it('the generated binding types are up to date with wrangler.toml', () => {
  const out = execFileSync('npm', ['run', '--silent', 'cf-typegen', '--', '--check'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  expect(out).toMatch(/up to date/);
}, 120_000);
