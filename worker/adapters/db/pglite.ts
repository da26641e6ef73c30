import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { schema, type Db } from '@db/client';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { lockDataDir } from './data-dir-lock';

export { DataDirInUseError } from './data-dir-lock';

/** PostgreSQL's trigram matching, for My creations' search index (migration 0016); Neon and most servers ship it too. */
const extensions = { pg_trgm };

/**
 * A fresh PGlite costs ~4.5 s (initdb in WASM) plus ~1.3 s of migrations, while loading a migrated
 * data directory from a tarball costs ~1.5 s. In-memory databases (tests) therefore start from one
 * migrated snapshot, kept in the system's temp directory under a key made of the migrations and the
 * PGlite release, so every test process of a run (and the next run) skips initdb and migrations.
 */
let migratedSnapshot: Promise<Blob> | undefined;

async function migrated(client: PGlite) {
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return client;
}

function snapshotPath(): string {
  const hash = createHash('sha256');
  const pglitePackage = fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')));
  hash.update(readFileSync(pglitePackage));
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return join(tmpdir(), `studio-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function loadMigratedSnapshot(): Promise<Blob> {
  const path = snapshotPath();
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    // Not made yet for these migrations: make it, then publish it atomically for other processes.
  }
  const template = await migrated(new PGlite({ extensions }));
  const dump = await template.dumpDataDir('none');
  await template.close();
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, path);
  return dump;
}

/**
 * One idle in-memory database per process. API tests open and close a database per test; starting
 * PGlite from the snapshot costs 1–2 s of WASM start-up on these machines, while wiping the rows of
 * a closed one costs a few milliseconds, so a closed in-memory database is kept and wiped for the
 * next opener. Only in-memory databases are reused: a file-backed one (`npm start`) really closes.
 */
let idle: PGlite | undefined;

/**
 * Every table of the app's schema, emptied with identities restarted. `session_replication_role =
 * replica` silences the append-only ledger's TRUNCATE trigger for this statement only: this is a
 * test database being thrown away, not a correction of the ledger.
 */
const WIPE_ALL_TABLES = `
  SET session_replication_role = replica;
  DO $$
  DECLARE tables text;
  BEGIN
    SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables FROM pg_tables WHERE schemaname = 'public';
    IF tables IS NOT NULL THEN EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE'; END IF;
  END $$;
  SET session_replication_role = origin;
`;

/**
 * The types drizzle's PGlite driver reads as text (its own mappers make the Dates): timestamps, dates,
 * intervals, numeric[] and their arrays. Drizzle passes them as per-query `parsers`, and PGlite then
 * spreads its ~360 per-type parsers into a new object on every query (≈ 100 µs of CPU, a tenth of an
 * authenticated read: docs/decisions/084). Installed once on the instance instead, the result is the same
 * and the per-query copy is skipped.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const textParsersInstalled = new WeakSet<PGlite>();

async function installDrizzleParsers(client: PGlite) {
  if (textParsersInstalled.has(client)) return;
  textParsersInstalled.add(client);
  // After start-up, which installs a parser per array type (timestamp[] among them).
  await client.waitReady;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  // Only drizzle's own set is dropped (same types, all read as text as installed above); any other
  // caller's parsers still apply.
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    PGlite.prototype.query.call(
      client,
      text,
      params,
      isDrizzleParserSet(options?.parsers) ? { ...options, parsers: undefined } : options,
    )) as PGlite['query'];
}

function isDrizzleParserSet(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  const keys = Object.keys(parsers);
  return keys.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((type) => type in parsers);
}

async function releaseInMemory(client: PGlite) {
  if (idle || client.closed || client.isInTransaction()) return client.close();
  idle = client;
}

/**
 * Embedded Postgres (WASM, in-process) for `npm start` and tests. Node only: never imported by the
 * Worker entry. `dataDir` undefined keeps everything in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<{ db: Db; close: () => Promise<void> }> {
  let client: PGlite;
  // A data directory has one owner process (data-dir-lock.ts): a second opener is refused here.
  let unlock = () => {};
  if (dataDir) {
    unlock = lockDataDir(dataDir);
    try {
      client = await migrated(new PGlite(dataDir, { extensions }));
    } catch (error) {
      unlock();
      throw error;
    }
  } else if (idle) {
    client = idle;
    idle = undefined;
    await client.exec(WIPE_ALL_TABLES);
  } else {
    migratedSnapshot ??= loadMigratedSnapshot();
    client = new PGlite({ loadDataDir: await migratedSnapshot, extensions });
  }
  await installDrizzleParsers(client);
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  let closed = false;
  return {
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      if (!dataDir) return releaseInMemory(client);
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
