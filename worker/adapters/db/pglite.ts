import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
