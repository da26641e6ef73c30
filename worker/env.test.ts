import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '../tests/setup/test-app';
import { configVariables, loadConfig } from './env';

describe('loadConfig', () => {
  it('fills defaults for embedded mode', () => {
    const config = loadConfig(TEST_ENV);
    expect(config).toMatchObject({ PORT: 8787, MAILER: 'dev', RATE_LIMITER: 'memory', QUEUE: 'in-process' });
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ ...TEST_ENV, JWT_KEYS: undefined })).toThrow(/^Invalid configuration: JWT_KEYS is missing$/);
    expect(() => loadConfig({ ...TEST_ENV, PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT is invalid/);
    expect(() => loadConfig({ ...TEST_ENV, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL is invalid: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ ...TEST_ENV, MAILER: 'resend' })).toThrow(/RESEND_API_KEY is required when MAILER=resend/);
    expect(() => loadConfig({ ...TEST_ENV, AUTH_SECRET: 'short' })).toThrow(/^Invalid configuration: AUTH_SECRET is invalid: must be at least 32 characters$/);
  });

  it('refuses embedded-only ports in production', () => {
    expect(() => loadConfig({ ...TEST_ENV, APP_ENV: 'production' })).toThrow(/MAILER .*dev mailbox/);
    expect(() =>
      loadConfig({ ...TEST_ENV, APP_ENV: 'production', MAILER: 'resend', RESEND_API_KEY: 're_x', RATE_LIMITER: 'postgres' }),
    ).toThrow(/PAYMENTS .*sandbox/);
    expect(() =>
      loadConfig({ ...TEST_ENV, APP_ENV: 'production', MAILER: 'resend', RESEND_API_KEY: 're_x', RATE_LIMITER: 'postgres', PAYMENTS: 'live' }),
    ).toThrow(/STRIPE_SECRET_KEY is required when PAYMENTS=live/);
  });

  it('is documented variable by variable in .env.example and .dev.vars.example', () => {
    for (const file of ['.env.example', '.dev.vars.example']) {
      const text = readFileSync(file, 'utf8');
      const listed = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
      for (const variable of configVariables) expect(listed, `${file} lists ${variable}`).toContain(variable);
    }
  });
});
