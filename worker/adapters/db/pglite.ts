import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { schema, type Db } from '../../../db/client';
import { MIGRATIONS_FOLDER } from './migrations-folder';

/**
 * Embedded Postgres (WASM, in-process) for `npm start` and tests. Node only: never imported by the
 * Worker entry. `dataDir` undefined keeps everything in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const client = new PGlite(dataDir);
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, close: () => client.close() };
}
