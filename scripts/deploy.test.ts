import { experimental_readRawConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { deployRefusals, type WranglerConfig } from './deploy';

/** The repository's own wrangler.toml, as `npm run deploy` reads it. */
const committed = experimental_readRawConfig({ config: 'wrangler.toml' }).rawConfig as WranglerConfig;
const DATABASE = { DATABASE_URL: 'postgres://deploy@db.internal:5432/studio' };

/** The committed production block with its placeholders replaced, as an operator would. */
function ready(overrides: Record<string, unknown> = {}): WranglerConfig {
  const production = structuredClone(committed.env!.production!);
  production.vars = { ...production.vars, PUBLIC_URL: 'https://studio.acme.io', ...overrides };
  production.hyperdrive = production.hyperdrive!.map((h) => ({ ...h, id: '9f1c2b3a4d5e6f708192a3b4c5d6e7f8' }));
  return { ...committed, env: { ...committed.env, production } };
}

describe('npm run deploy refuses what must not ship', () => {
  it('refuses the committed wrangler.toml as it stands: placeholder Hyperdrive id and PUBLIC_URL', () => {
    const refusals = deployRefusals(committed, DATABASE);
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/hyperdrive.*"0{32}" is a placeholder/),
        expect.stringMatching(/PUBLIC_URL https:\/\/studio\.example\.com is a placeholder/),
      ]),
    );
  });

  it('lets a filled-in production block through', () => {
    expect(deployRefusals(ready(), DATABASE)).toEqual([]);
  });

  it('refuses to deploy without a database to migrate first', () => {
    expect(deployRefusals(ready(), {})).toEqual([expect.stringMatching(/DATABASE_URL is not set/)]);
    expect(deployRefusals(ready(), { DATABASE_URL: 'mysql://x' })).toEqual([expect.stringMatching(/postgres:\/\//)]);
  });

  it.each([
    [{ MAILER: 'dev' }, /MAILER must not be "dev"/],
    [{ MAILER: undefined }, /MAILER must not be "dev"/],
    [{ PAYMENTS: 'sandbox' }, /PAYMENTS must be "live"/],
    [{ PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' }, /PayPal sandbox/],
    [{ APP_ENV: 'development' }, /APP_ENV is "development"/],
    [{ PUBLIC_URL: 'http://studio.acme.io' }, /must be https/],
    [{ PUBLIC_URL: 'https://localhost:8787' }, /is a placeholder/],
    [{ RATE_LIMITER: 'memory' }, /RATE_LIMITER/],
    [{ QUEUE: 'in-process' }, /QUEUE must be "qstash"/],
  ])('refuses %o', (vars, message) => {
    expect(deployRefusals(ready(vars), DATABASE)).toEqual([expect.stringMatching(message)]);
  });

  it.each(['', 'your-hyperdrive-id', '1111111111111111111111111111111'])('refuses the Hyperdrive id %j', (id) => {
    const config = ready();
    config.env!.production!.hyperdrive = [{ binding: 'HYPERDRIVE', id }];
    expect(deployRefusals(config, DATABASE)).toEqual([expect.stringMatching(/is a placeholder/)]);
  });

  it('lets a declared demo run the dev mailer and sandbox payments, never the rest', () => {
    expect(
      deployRefusals(
        ready({ DEMO_MODE: 'true', MAILER: 'dev', PAYMENTS: 'sandbox', PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' }),
        DATABASE,
      ),
    ).toEqual([]);
    expect(deployRefusals(ready({ DEMO_MODE: 'true', MAILER: 'dev', QUEUE: 'in-process' }), DATABASE)).toEqual([
      expect.stringMatching(/QUEUE/),
    ]);
  });

  it('the top level of wrangler.toml cannot be deployed by a plain `wrangler deploy`, nor is it a development config', () => {
    expect(committed.name).toBeUndefined();
    expect(committed.vars).toEqual({ APP_ENV: 'production' });
    expect(committed.env?.dev?.vars).toMatchObject({ APP_ENV: 'development', MAILER: 'dev' });
  });
});
