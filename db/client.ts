import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export { schema };

/**
 * The one database type every service takes. PGlite, node-postgres (also behind Hyperdrive) and
 * Neon's WebSocket Pool all produce it, so services never know which driver they run on.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle has the same query surface as {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
