import { resolve } from 'node:path';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { DataDirInUseError, openPglite } from '@worker/adapters/db/pglite';

/**
 * The database a maintenance script works on: DATABASE_URL's server, or the embedded PGlite under
 * DATA_DIR. A running `npm start` owns the embedded database: the script refuses with one line (the
 * lock's owner) and exits, rather than write beside it.
 */
export async function openScriptDatabase(url = process.env.DATABASE_URL) {
  if (url) return openNodePostgres(url);
  return openPglite(resolve(process.env.DATA_DIR || '.data', 'pglite')).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
}
