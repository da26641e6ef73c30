import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export { schema };

/**
 * The one database type every service takes. PGlite, node-postgres (also behind Hyperdrive) and
 * Neon's WebSocket Pool all produce it, so services never know which driver they run on.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle has the same query surface as {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every driver's own client here answers (PGlite, a pg Pool, a pg Client): rows as objects by column name. */
interface DriverClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

const dialect = new PgDialect();

/**
 * One statement, parameters bound, sent through the driver's own client rather than Drizzle's
 * `execute`, which on PGlite costs about twice the CPU for a one-row call (it adds per-call type
 * parsers and its query wrapper). The rows are what `execute` gives (the same driver, same column
 * types). A transaction handle is answered through `execute`, so its statements stay on its connection.
 */
export async function queryRows<Row>(db: Pick<Db, 'execute'> | Pick<Tx, 'execute'>, statement: SQL): Promise<Row[]> {
  const client = db instanceof PgTransaction ? undefined : (db as { $client?: DriverClient }).$client;
  if (!client) return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (await client.query(text, params)).rows as Row[];
}
