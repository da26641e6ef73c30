/**
 * `npm start`: the whole product in one Node process on embedded defaults (DESIGN.md §1).
 * Builds the SPA first when dist/web is missing, applies migrations, seeds once, then serves.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../worker/env';
import { runMaintenance } from '../worker/services/maintenance';
import { createEmbeddedApp } from './lib/embedded-deps';
import { withDevSecrets } from './lib/dev-secrets';
import { serveNode } from './lib/node-server';

const apiOnly = process.argv.includes('--api-only');
const dataDir = process.env.DATA_DIR || '.data';

let config: Config;
try {
  config = loadConfig(withDevSecrets(process.env, dataDir));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const staticDir = resolve('dist/web');
if (!apiOnly && !existsSync(resolve(staticDir, 'index.html'))) {
  console.log('Building the web app (first start only)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

const { app, deps, close } = await createEmbeddedApp({ config });
// The Worker's cron trigger in embedded form: expired jobs, matured referral bonuses.
const sweeper = setInterval(() => {
  runMaintenance(deps).catch((error) => deps.log.error('maintenance failed', { error: String(error) }));
}, 30_000);
sweeper.unref();
const server = serveNode(app, {
  port: config.PORT,
  staticDir: apiOnly ? undefined : staticDir,
  trustProxy: config.TRUST_PROXY,
  onListen: (port) => {
    const db = config.DATABASE_URL ? 'PostgreSQL server' : `PGlite in ${dataDir}/pglite`;
    const mailbox = config.MAILER === 'dev' ? '; dev mailbox at /api/dev/mailbox?email=… from this machine' : '';
    console.log(`Image Studio on ${config.PUBLIC_URL_EXPLICIT ? config.PUBLIC_URL : `http://localhost:${port}`}  (${db}${mailbox})`);
  },
});

const shutdown = () => {
  server.close();
  void close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
