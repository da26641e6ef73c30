/**
 * `npm start`: the whole product in one Node process on embedded defaults (DESIGN.md §1).
 * Checks what can be checked first (DATA_DIR, the port, DATABASE_URL), then builds the SPA when
 * dist/web is missing or older than its sources, applies migrations, seeds once and serves. A start-up problem is one line
 * saying what to do (scripts/lib/startup-checks.ts), never a stack trace.
 */
import { resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '@worker/env';
import { runMaintenance } from '@worker/jobs/maintenance';
import { createEmbeddedApp } from './lib/embedded-deps';
import { ensureSpaBuild } from './lib/spa-build';
import { withDevSecrets } from './lib/dev-secrets';
import { serveNode } from './lib/node-server';
import { checkDatabase, checkDataDir, checkPortFree, portError, startupMessage } from './lib/startup-checks';

const apiOnly = process.argv.includes('--api-only');
const dataDir = process.env.DATA_DIR || '.data';

/** Prints the one line for a known start-up failure and exits; anything else is a bug and keeps its stack. */
function fail(error: unknown, databaseUrl?: string): never {
  const line = error instanceof ConfigError ? error.message : startupMessage(error, { databaseUrl, dataDir });
  if (line === null) throw error;
  console.error(line);
  process.exit(1);
}

let config: Config;
try {
  // Before the secrets file is written into it; blobs (and PGlite) live there too.
  checkDataDir(dataDir);
  config = loadConfig(withDevSecrets(process.env, dataDir));
  // Cheap checks before the slow work: the port and the database answer in milliseconds, the web
  // build and the engine take many seconds.
  await checkPortFree(config.PORT);
  if (config.DATABASE_URL) await checkDatabase(config.DATABASE_URL);
} catch (error) {
  fail(error, process.env.DATABASE_URL);
}

const staticDir = resolve('dist/web');
if (!apiOnly && ensureSpaBuild() === 'built') console.log('Built the web app from its current sources.');

let embedded: Awaited<ReturnType<typeof createEmbeddedApp>>;
try {
  embedded = await createEmbeddedApp({ config });
} catch (error) {
  fail(error, config.DATABASE_URL);
}
const { app, deps, close } = embedded;
// The Worker's cron trigger in embedded form: expired jobs, matured referral bonuses.
const sweeper = setInterval(() => {
  runMaintenance(deps).catch((error) => deps.log.error('maintenance failed', { error: String(error) }));
}, 30_000);
sweeper.unref();
const server = serveNode(app, {
  port: config.PORT,
  staticDir: apiOnly ? undefined : staticDir,
  trustProxy: config.TRUST_PROXY,
  publicUrl: config.PUBLIC_URL_EXPLICIT ? config.PUBLIC_URL : undefined,
  onListen: (port) => {
    const db = config.DATABASE_URL ? 'PostgreSQL server' : `PGlite in ${dataDir}/pglite`;
    const mailbox = config.MAILER === 'dev' ? '; dev mailbox at /api/dev/mailbox?email=… from this machine' : '';
    console.log(`Image Studio on ${config.PUBLIC_URL_EXPLICIT ? config.PUBLIC_URL : `http://localhost:${port}`}  (${db}${mailbox})`);
  },
});
// Taken between the check and now (another process started meanwhile): the same one line.
server.once('error', (error) => {
  console.error(portError(config.PORT, error).message);
  void close().finally(() => process.exit(1));
});

const shutdown = () => {
  server.close();
  void close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
