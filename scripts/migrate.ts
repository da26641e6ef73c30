/** `npm run db:migrate`: applies committed migrations to DATABASE_URL (or the embedded PGlite) and seeds. */
import { seedDatabase } from '@db/seed';
import { migrateNodePostgres } from '@worker/adapters/db/migrate-node-postgres';
import { openScriptDatabase } from './lib/script-database';

const url = process.env.DATABASE_URL;
if (url) await migrateNodePostgres(url);
const { db, close } = await openScriptDatabase(url);
await seedDatabase(db);
await close();
console.log(`Migrated and seeded ${url ? 'the PostgreSQL server' : 'the embedded PGlite database'}.`);
