import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { schema, type Db } from '../../../db/client';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Migrating a fresh PGlite costs ~1.3 s; in-memory databases (tests) start from one migrated snapshot per process.
let migratedSnapshot: Promise<Blob> | undefined;

async function migrated(client: PGlite) {
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return client;
}

/**
 * Embedded Postgres (WASM, in-process) for `npm start` and tests. Node only: never imported by the
 * Worker entry. `dataDir` undefined keeps everything in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<{ db: Db; close: () => Promise<void> }> {
  let client: PGlite;
  if (dataDir) {
    client = await migrated(new PGlite(dataDir));
  } else {
    migratedSnapshot ??= migrated(new PGlite()).then(async (template) => {
      const dump = await template.dumpDataDir('none');
      await template.close();
      return dump;
    });
    client = new PGlite({ loadDataDir: await migratedSnapshot });
  }
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, close: () => client.close() };
}
