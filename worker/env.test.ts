import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '@tests/setup/test-app';
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
    expect(() => loadConfig({ ...TEST_ENV, AUTH_SECRET: 'short' })).toThrow(
      /^Invalid configuration: AUTH_SECRET is invalid: must be at least 32 characters$/,
    );
  });

  it('refuses embedded-only ports in production', () => {
    const prod = { ...TEST_ENV, APP_ENV: 'production', PUBLIC_URL: 'https://studio.example.com' };
    expect(() => loadConfig({ ...TEST_ENV, APP_ENV: 'production' })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required when APP_ENV=production$/,
    );
    expect(() => loadConfig(prod)).toThrow(/MAILER .*dev mailbox/);
    expect(() => loadConfig({ ...prod, MAILER: 'resend', RESEND_API_KEY: 're_x', RATE_LIMITER: 'postgres' })).toThrow(/PAYMENTS .*sandbox/);
    expect(() => loadConfig({ ...prod, MAILER: 'resend', RESEND_API_KEY: 're_x', RATE_LIMITER: 'postgres', PAYMENTS: 'live' })).toThrow(
      /STRIPE_SECRET_KEY is required when PAYMENTS=live/,
    );
  });

  describe('production refuses sandboxes and test keys unless DEMO_MODE', () => {
    const live = {
      ...TEST_ENV,
      APP_ENV: 'production',
      PUBLIC_URL: 'https://studio.example.com',
      MAILER: 'resend',
      RESEND_API_KEY: 're_x',
      RATE_LIMITER: 'upstash',
      UPSTASH_REDIS_REST_URL: 'https://redis.example',
      UPSTASH_REDIS_REST_TOKEN: 't',
      QUEUE: 'qstash',
      QSTASH_TOKEN: 'q',
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'wh',
    };

    it('accepts a live configuration and points PayPal at its live API by default', () => {
      expect(loadConfig(live).PAYPAL_API_URL).toBe('https://api-m.paypal.com');
      expect(loadConfig({ ...live, APP_ENV: 'development', PUBLIC_URL: undefined }).PAYPAL_API_URL).toBe(
        'https://api-m.sandbox.paypal.com',
      );
    });

    it.each([
      [{ PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' }, /PAYPAL_API_URL is invalid: cannot point at the PayPal sandbox/],
      [{ STRIPE_SECRET_KEY: 'sk_test_123' }, /STRIPE_SECRET_KEY is invalid: cannot be a Stripe test key/],
      [{ PUBLIC_URL: 'http://studio.example.com' }, /PUBLIC_URL is invalid: must be https/],
      [{ MAILER: 'dev' }, /MAILER is invalid: the dev mailbox/],
      [{ PAYMENTS: 'sandbox' }, /PAYMENTS is invalid: the sandbox payment gateway/],
    ])('refuses %o', (override, message) => {
      expect(() => loadConfig({ ...live, ...override })).toThrow(message);
    });

    it('lets a declared demo run the dev mailer and sandbox payments', () => {
      const demo = loadConfig({
        ...live,
        MAILER: 'dev',
        PAYMENTS: 'sandbox',
        PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
        DEMO_MODE: 'true',
      });
      expect(demo).toMatchObject({ MAILER: 'dev', PAYMENTS: 'sandbox', DEMO_MODE: true });
    });
  });

  it('refuses the dev mailer on a PUBLIC_URL others can reach, unless DEMO_MODE', () => {
    const dev = { ...TEST_ENV, APP_ENV: 'development' };
    expect(() => loadConfig({ ...dev, PUBLIC_URL: 'http://studio.lan:8787' })).toThrow(
      /MAILER is invalid: the dev mailbox cannot serve a non-loopback PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...dev, PUBLIC_URL: 'https://demo.example.com' })).toThrow(/DEMO_MODE=true/);
    expect(loadConfig({ ...dev, PUBLIC_URL: 'https://demo.example.com', DEMO_MODE: 'true' }).MAILER).toBe('dev');
    for (const loopback of ['http://localhost:9000', 'http://127.0.0.1:8787', 'http://[::1]:8787']) {
      expect(loadConfig({ ...dev, PUBLIC_URL: loopback }).MAILER).toBe('dev');
    }
    expect(loadConfig({ ...dev, PUBLIC_URL: 'https://studio.example.com', MAILER: 'resend', RESEND_API_KEY: 're_x' }).MAILER).toBe(
      'resend',
    );
  });

  it('is documented variable by variable in .env.example and .dev.vars.example', () => {
    for (const file of ['.env.example', '.dev.vars.example']) {
      const text = readFileSync(file, 'utf8');
      const listed = [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
      for (const variable of configVariables) expect(listed, `${file} lists ${variable}`).toContain(variable);
    }
  });
});
