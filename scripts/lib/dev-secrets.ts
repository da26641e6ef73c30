import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-checks';

const GENERATED = ['JWT_KEYS', 'AUTH_SECRET', 'QSTASH_CURRENT_SIGNING_KEY', 'QSTASH_NEXT_SIGNING_KEY', 'PAYMENTS_SANDBOX_SECRET'] as const;

/**
 * Embedded mode needs secrets but must start with no setup: generate them once and keep them in
 * `<dataDir>/dev-secrets.json` (gitignored), so tokens survive restarts. Values set in the
 * environment win. Never used when APP_ENV=production (start-up refuses it).
 */
export function withDevSecrets(env: Record<string, string | undefined>, dataDir: string): Record<string, string | undefined> {
  if (env.APP_ENV === 'production') return env;
  const file = join(dataDir, 'dev-secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      // Deleting it only signs everyone out (new keys are generated); say so rather than print a stack.
      throw new StartupError(`${file} is not valid JSON: delete it to generate new development secrets (everyone is signed out).`);
    }
  }
  const missing = GENERATED.filter((key) => !stored[key]);
  if (missing.length) {
    const fresh: Record<(typeof GENERATED)[number], string> = {
      JWT_KEYS: `dev1:${randomBytes(32).toString('base64url')}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      QSTASH_CURRENT_SIGNING_KEY: `sig_${randomBytes(24).toString('base64url')}`,
      QSTASH_NEXT_SIGNING_KEY: `sig_${randomBytes(24).toString('base64url')}`,
      PAYMENTS_SANDBOX_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
    };
    for (const key of missing) stored[key] = fresh[key];
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const merged = { ...env };
  for (const key of GENERATED) if (!merged[key]) merged[key] = stored[key];
  return merged;
}
