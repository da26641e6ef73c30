/**
 * `npm run deploy`: the one way to ship production.
 *
 * 1. Refuses a configuration that is not ready: placeholder ids or URLs in wrangler.toml's
 *    [env.production], the dev mailer, sandbox payments or PayPal's sandbox (unless DEMO_MODE=true
 *    there), no DATABASE_URL to migrate.
 * 2. Builds the SPA, applies migrations (and the idempotent seed) to DATABASE_URL — the database
 *    production's Hyperdrive points at — so the new code never meets an old schema.
 * 3. `wrangler deploy --env production`.
 *
 * `npm run deploy -- --check` stops after step 1.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isLoopbackHost } from '@worker/env';

/** The parts of wrangler.toml's raw (un-normalised) shape the checks read. */
export interface WranglerEnvironment {
  name?: string;
  vars?: Record<string, unknown>;
  hyperdrive?: { binding?: string; id?: string }[];
  kv_namespaces?: { binding?: string; id?: string }[];
  d1_databases?: { binding?: string; database_id?: string }[];
  r2_buckets?: { binding?: string; bucket_name?: string }[];
}
export interface WranglerConfig extends WranglerEnvironment {
  env?: Record<string, WranglerEnvironment | undefined>;
}

/** All zeros, all one digit, or words like "your-id": ids nobody replaced. */
const isPlaceholderId = (id: string | undefined) =>
  !id || /^(.)\1*$/.test(id) || /placeholder|your|replace|example|xxx|todo|changeme/i.test(id) || !/^[0-9a-f]{32}$/i.test(id);

const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|example|invalid|test)$/i;

/** Every reason not to deploy; empty = go. Pure, so it is tested without deploying anything. */
export function deployRefusals(wrangler: WranglerConfig, env: Record<string, string | undefined>): string[] {
  const refusals: string[] = [];
  const production = wrangler.env?.production;
  if (!production) return ['wrangler.toml has no [env.production]'];
  if (!production.name) refusals.push('[env.production] needs a name');
  const vars = Object.fromEntries(
    Object.entries(production.vars ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])),
  );
  const demo = vars.DEMO_MODE === 'true' || vars.DEMO_MODE === '1';

  if (vars.APP_ENV !== 'production') refusals.push(`[env.production.vars] APP_ENV is "${vars.APP_ENV ?? ''}", not "production"`);
  let publicUrl: URL | undefined;
  try {
    publicUrl = new URL(vars.PUBLIC_URL ?? '');
  } catch {
    refusals.push('[env.production.vars] PUBLIC_URL is missing or not a URL');
  }
  if (publicUrl && (PLACEHOLDER_HOST.test(publicUrl.hostname) || isLoopbackHost(publicUrl.hostname))) {
    refusals.push(`[env.production.vars] PUBLIC_URL ${publicUrl.origin} is a placeholder: set the address users reach`);
  }
  if (publicUrl && publicUrl.protocol !== 'https:') refusals.push('[env.production.vars] PUBLIC_URL must be https');

  for (const hd of production.hyperdrive ?? []) {
    if (isPlaceholderId(hd.id))
      refusals.push(
        `[[env.production.hyperdrive]] ${hd.binding ?? ''} id "${hd.id ?? ''}" is a placeholder: \`wrangler hyperdrive create\` and paste its id`,
      );
  }
  for (const kv of production.kv_namespaces ?? []) {
    if (isPlaceholderId(kv.id)) refusals.push(`[[env.production.kv_namespaces]] ${kv.binding ?? ''} id "${kv.id ?? ''}" is a placeholder`);
  }
  for (const d1 of production.d1_databases ?? []) {
    if (!d1.database_id || /^[0-]+$/.test(d1.database_id))
      refusals.push(`[[env.production.d1_databases]] ${d1.binding ?? ''} database_id is a placeholder`);
  }
  for (const r2 of production.r2_buckets ?? []) {
    if (!r2.bucket_name) refusals.push(`[[env.production.r2_buckets]] ${r2.binding ?? ''} has no bucket_name`);
  }

  if (!demo) {
    if ((vars.MAILER ?? 'dev') === 'dev')
      refusals.push('[env.production.vars] MAILER must not be "dev" (anyone could read sign-in codes) unless DEMO_MODE=true');
    if ((vars.PAYMENTS ?? 'sandbox') === 'sandbox') refusals.push('[env.production.vars] PAYMENTS must be "live" unless DEMO_MODE=true');
    if (/sandbox/i.test(vars.PAYPAL_API_URL ?? '')) refusals.push('[env.production.vars] PAYPAL_API_URL points at the PayPal sandbox');
    if (/^sk_test_/.test(vars.STRIPE_SECRET_KEY ?? '')) refusals.push('[env.production.vars] STRIPE_SECRET_KEY is a test key');
  }
  if ((vars.RATE_LIMITER ?? 'memory') === 'memory') refusals.push('[env.production.vars] RATE_LIMITER must be "upstash" or "postgres"');
  if ((vars.QUEUE ?? 'in-process') === 'in-process') refusals.push('[env.production.vars] QUEUE must be "qstash"');

  if (!env.DATABASE_URL) refusals.push('DATABASE_URL is not set: migrations run against the production database before the code ships');
  else if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) refusals.push('DATABASE_URL must be a postgres:// URL');
  return refusals;
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const { experimental_readRawConfig } = await import('wrangler');
  const { rawConfig } = experimental_readRawConfig({ config: 'wrangler.toml' });
  const refusals = deployRefusals(rawConfig as WranglerConfig, process.env);
  if (refusals.length) {
    console.error(`Not deploying:\n${refusals.map((r) => `  - ${r}`).join('\n')}`);
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    console.log('wrangler.toml [env.production] is ready to deploy.');
    return;
  }
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  const { migrateNodePostgres } = await import('@worker/adapters/db/migrate-node-postgres');
  const { openNodePostgres } = await import('@worker/adapters/db/node-postgres');
  const { seedDatabase } = await import('@db/seed');
  await migrateNodePostgres(process.env.DATABASE_URL!);
  const { db, close } = openNodePostgres(process.env.DATABASE_URL!);
  await seedDatabase(db);
  await close();
  console.log('Migrations applied to DATABASE_URL.');
  // /api/health and the error tracker name the build: the package version and the commit.
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version ?? '0.0.0';
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || 'unknown';
  run('npx', ['wrangler', 'deploy', '--env', 'production', '--var', `APP_VERSION:${version}`, '--var', `APP_COMMIT:${commit}`]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
