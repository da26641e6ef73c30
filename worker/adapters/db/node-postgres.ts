import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Db } from '@db/client';

/**
 * A real Postgres server through `pg`: `DATABASE_URL` in Node, and Hyperdrive on Workers (where the
 * pool lives for one request, because sockets cannot outlive it).
 */
export function openNodePostgres(connectionString: string, options: { max?: number } = {}): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (server restart, failover) emits 'error' on the pool; without a
  // listener Node would crash the process. The pool discards that client and opens a new one on demand.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, close: () => pool.end() };
}
