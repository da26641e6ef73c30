/**
 * `npm run dev:worker`: the app under `wrangler dev` (workerd), Postgres through the Hyperdrive
 * binding's localConnectionString (the local PostgreSQL server, database `postgres` unless
 * WORKER_DATABASE_URL says otherwise). Applies migrations and seeds first, builds the SPA if needed,
 * and passes the embedded dev secrets as vars so no .dev.vars file is required.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { seedDatabase } from '../db/seed';
import { openNodePostgres } from '../worker/adapters/db/node-postgres';
import { migrateNodePostgres } from '../worker/adapters/db/migrate-node-postgres';
import { withDevSecrets } from './lib/dev-secrets';

const databaseUrl = process.env.WORKER_DATABASE_URL ?? 'postgres://postgres:local@127.0.0.1:5432/postgres';
await migrateNodePostgres(databaseUrl);
const { db, close } = openNodePostgres(databaseUrl);
await seedDatabase(db);
await close();

if (!existsSync('dist/web/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

const secrets = withDevSecrets({}, process.env.DATA_DIR || '.data');
const vars = ['JWT_KEYS', 'AUTH_SECRET', 'QSTASH_CURRENT_SIGNING_KEY', 'QSTASH_NEXT_SIGNING_KEY', 'PAYMENTS_SANDBOX_SECRET'].flatMap((key) => ['--var', `${key}:${secrets[key]}`]);
const port = process.env.PORT ?? '8787';
// `--env dev`: the top level of wrangler.toml is deliberately not a development config (issue 12, break 15).
// PORT tells the Worker which port request-less links (job callbacks) are on.
const child = spawn('npx', ['wrangler', 'dev', '--env', 'dev', '--port', port, '--var', `PORT:${port}`, ...vars, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: databaseUrl,
  },
});
child.on('exit', (code) => process.exit(code ?? 0));
