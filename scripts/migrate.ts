/** `npm run db:migrate`: applies committed migrations to DATABASE_URL (or the embedded PGlite) and seeds. */
import { resolve } from 'node:path';
import { seedDatabase } from '@db/seed';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { migrateNodePostgres } from '@worker/adapters/db/migrate-node-postgres';
import { DataDirInUseError, openPglite } from '@worker/adapters/db/pglite';

const url = process.env.DATABASE_URL;
if (url) await migrateNodePostgres(url);
// A running `npm start` owns the embedded database: refuse with one line rather than write beside it.
const { db, close } = url
  ? openNodePostgres(url)
  : await openPglite(resolve(process.env.DATA_DIR || '.data', 'pglite')).catch((error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    });
await seedDatabase(db);
await close();
console.log(`Migrated and seeded ${url ? 'the PostgreSQL server' : 'the embedded PGlite database'}.`);
