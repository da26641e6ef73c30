import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { DataDirInUseError } from '@worker/adapters/db/data-dir-lock';

/**
 * What `npm start` can check before any slow work (the web build, migrations, the engine pool), and
 * the one line it prints when something is wrong: what failed and what to do about it. The README
 * promises that a start-up problem is one line naming it, not a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
/** PostgreSQL's SQLSTATE (28P01, 3D000, 42501, XX000): a class starting with a digit, or one of the lettered classes. */
const SQLSTATE = /^(?:[0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The error's code, or its cause's (Drizzle wraps the driver's error as `cause`). */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return 'cause' in error ? codeOf(error.cause, depth + 1) : undefined;
}

/** DATA_DIR exists (or can be made) and a file can be written in it. */
export function checkDataDir(dataDir: string): void {
  const where = resolve(dataDir);
  const probe = join(where, `.write-check-${process.pid}`);
  try {
    mkdirSync(where, { recursive: true });
    accessSync(where, constants.W_OK);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${where} is not writable (${codeOf(error) ?? 'error'}): fix its permissions, or set DATA_DIR to a directory you can write to.`,
    );
  }
}

/** The port can be listened on, the way the server will (every interface). */
export function checkPortFree(port: number): Promise<void> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', (error) => fail(portError(port, error)));
    server.listen({ port }, () => server.close(() => done()));
  });
}

/** A listen failure as one line (also used when the real server's listen fails). */
export function portError(port: number, error: unknown): StartupError {
  const code = codeOf(error);
  if (code === 'EADDRINUSE')
    return new StartupError(
      `Port ${port} is already in use (another npm start?): stop that process, or choose another port with PORT=<number>.`,
    );
  if (code === 'EACCES')
    return new StartupError(`Port ${port} needs privileges this user does not have: choose a port above 1023 with PORT=<number>.`);
  return new StartupError(`Cannot listen on port ${port} (${code ?? String(error)}): choose another port with PORT=<number>.`);
}

/** Where DATABASE_URL points, without its password. */
function describeDatabase(url: string): { target: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    return {
      target: `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`,
      user: decodeURIComponent(parsed.username) || '(default user)',
      database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)',
    };
  } catch {
    return { target: '(unparsable DATABASE_URL)', user: '?', database: '?' };
  }
}

/**
 * A PostgreSQL connection or query failure as one line saying what to do. Network errors (the server
 * is not there), authentication and role errors (28P01, 28000), a missing database (3D000) and
 * missing privileges (42501, e.g. a role that may not create the tables migrations need).
 */
export function databaseError(url: string, error: unknown): StartupError {
  const { target, user, database } = describeDatabase(url);
  const code = codeOf(error);
  const unset = 'or unset DATABASE_URL to use the embedded database';
  if (code && NETWORK_CODES.has(code))
    return new StartupError(
      `Cannot reach PostgreSQL at ${target} (${code}): start the server or fix the host and port in DATABASE_URL, ${unset}.`,
    );
  if (error instanceof Error && /timeout/i.test(error.message) && !code)
    return new StartupError(
      `Cannot reach PostgreSQL at ${target} (timeout): start the server or fix the host and port in DATABASE_URL, ${unset}.`,
    );
  switch (code) {
    case '28P01':
    case '28000':
      return new StartupError(
        `PostgreSQL at ${target} refused the role "${user}" (${code}): check the user name and password in DATABASE_URL, ${unset}.`,
      );
    case '3D000':
      return new StartupError(
        `PostgreSQL at ${target} has no database "${database}" (3D000): create it (createdb ${database}) or fix DATABASE_URL.`,
      );
    case '42501':
      return new StartupError(
        `The role "${user}" may not create or change the tables in "${database}" (42501): use the database's owner in DATABASE_URL, or grant it the rights.`,
      );
    default:
      return new StartupError(
        `PostgreSQL at ${target} failed (${code ?? (error instanceof Error ? error.message : String(error))}): check DATABASE_URL, ${unset}.`,
      );
  }
}

/** Connects once and runs `select 1`, so a bad DATABASE_URL is reported before any slow work. */
export async function checkDatabase(url: string, options: { timeoutMs?: number } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.timeoutMs ?? 5000 });
  // A connection that fails late still emits 'error' on the client: without a listener it would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw databaseError(url, error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Any start-up failure as the line to print: ours as they are, a PostgreSQL error (by its SQLSTATE
 * or network code) through {@link databaseError}, a file-system error naming its path. Anything
 * else is a bug and keeps its stack.
 */
export function startupMessage(error: unknown, context: { databaseUrl?: string; dataDir: string }): string | null {
  if (error instanceof StartupError || error instanceof DataDirInUseError) return error.message;
  const code = codeOf(error);
  if (context.databaseUrl && code && (SQLSTATE.test(code) || NETWORK_CODES.has(code)))
    return databaseError(context.databaseUrl, error).message;
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOSPC' || code === 'ENOTDIR' || code === 'EPERM') {
    const path = (error as { path?: string }).path ?? resolve(context.dataDir);
    return `Cannot write ${path} (${code}): fix its permissions or free space, or set DATA_DIR to a directory you can write to.`;
  }
  return null;
}
