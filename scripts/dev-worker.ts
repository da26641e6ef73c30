/**
 * `npm run dev:worker`: the app under `wrangler dev` (workerd), Postgres through the Hyperdrive
 * binding's localConnectionString (the local PostgreSQL server, database `postgres` unless
 * WORKER_DATABASE_URL says otherwise). Applies migrations and seeds first, builds the SPA if needed,
 * and passes the embedded dev secrets as vars so no .dev.vars file is required.
 *
 * Generation works offline: the offline engine service (worker/engine/service.ts, the same module
 * the production container runs) starts beside it on a local port, and the Worker reaches it with
 * signed requests through IMAGE_ENGINE_URL, exactly as in production (IMAGE_ENGINE=local renders
 * `nano` there too). Set IMAGE_ENGINE_URL yourself to use another engine service instead.
 *
 * `npm run preview` (`--preview`): what `npm run deploy` would ship, run locally — a fresh SPA build
 * and the minified Worker bundle — on the same local bindings (dev env: local Postgres, sandbox
 * payments, dev mailbox). No Cloudflare account is needed; `wrangler versions upload --dry-run`
 * cannot run the code, this can.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { seedDatabase } from '@db/seed';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { migrateNodePostgres } from '@worker/adapters/db/migrate-node-postgres';
import { withDevSecrets } from './lib/dev-secrets';

const preview = process.argv.includes('--preview');
const passThrough = process.argv.slice(2).filter((arg) => arg !== '--preview');

const databaseUrl = process.env.WORKER_DATABASE_URL ?? 'postgres://postgres:local@127.0.0.1:5432/postgres';
await migrateNodePostgres(databaseUrl);
const { db, close } = openNodePostgres(databaseUrl);
await seedDatabase(db);
await close();

if (preview || !existsSync('dist/web/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The offline engine service on a loopback port, with a per-run secret; resolves once it listens. */
async function startEngineService() {
  const port = await freePort();
  const secret = randomBytes(32).toString('hex');
  const engine = spawn(process.execPath, ['--import', 'tsx', 'worker/engine/service.ts'], {
    env: { ...process.env, ENGINE_SECRET: secret, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    engine.once('exit', (code) => reject(new Error(`engine service exited (${code})`)));
    engine.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('engine service listening')) resolve();
    });
  });
  engine.stdout!.resume();
  return { engine, url: `http://127.0.0.1:${port}`, secret };
}

const engine = process.env.IMAGE_ENGINE_URL ? undefined : await startEngineService();
const engineVars = engine ? ['--var', `IMAGE_ENGINE_URL:${engine.url}`, '--var', `IMAGE_ENGINE_SECRET:${engine.secret}`] : [];

const secrets = withDevSecrets({}, process.env.DATA_DIR || '.data');
const vars = ['JWT_KEYS', 'AUTH_SECRET', 'QSTASH_CURRENT_SIGNING_KEY', 'QSTASH_NEXT_SIGNING_KEY', 'PAYMENTS_SANDBOX_SECRET'].flatMap(
  (key) => ['--var', `${key}:${secrets[key]}`],
);
const port = process.env.PORT ?? '8787';
// `--env dev`: the top level of wrangler.toml is deliberately not a development config.
// PORT tells the Worker which port request-less links (job callbacks) are on.
const child = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '--env',
    'dev',
    '--port',
    port,
    '--var',
    `PORT:${port}`,
    ...(preview ? ['--minify', '--var', 'APP_VERSION:preview'] : []),
    ...vars,
    ...engineVars,
    ...passThrough,
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: databaseUrl,
    },
  },
);
const stop = () => engine?.engine.kill('SIGTERM');
process.on('SIGINT', () => {
  stop();
  child.kill('SIGINT');
});
process.on('SIGTERM', () => {
  stop();
  child.kill('SIGTERM');
});
child.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
