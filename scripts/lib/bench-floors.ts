/**
 * Reference servers for `npm run bench`: the floors a product row should be compared with.
 * They run in the same process as the app and talk to the SAME database driver instance (PGlite or
 * the pg Pool), so a ratio says how much of a request is ours rather than the driver's or the
 * framework's:
 *
 * - `auth+SELECT`: Hono + jose HS256 verify of the app's own access token + one SELECT by primary key;
 *   the least an authenticated read can do.
 * - `SELECT 1`: Hono + one trivial round trip; the least the health check can do.
 * - `auth+UPDATE`: Hono + the same verify + one committed single-row UPDATE of the caller's credit
 *   account; the least a durable write per user can cost (a WAL flush per commit, and on one user
 *   every commit queues on the same row lock). Measured for one user and for 20.
 *
 * Raw driver calls (not Drizzle), with the key imported once, so the floor is what it says.
 */
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { jwtVerify } from 'jose';
import type { Db } from '@db/client';
import type { Config } from '@worker/env';

/** Both drivers expose `query(text, params)` returning `{ rows }`. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

function rawClient(db: Db): RawClient {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client || typeof client.query !== 'function') throw new Error('bench floors: the Drizzle instance exposes no raw client');
  return client;
}

export function createFloorApps(db: Db, config: Pick<Config, 'JWT_KEYS' | 'JWT_ISSUER' | 'JWT_AUDIENCE'>) {
  const client = rawClient(db);
  const [first] = config.JWT_KEYS;
  // Imported once into WebCrypto: a raw Uint8Array would be re-imported on every verification.
  const secret = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(first!.slice(first!.indexOf(':') + 1)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const authSelect = new Hono().get('/floor', async (c) => {
    const token = c.req.header('authorization')?.slice(7) ?? '';
    const { payload } = await jwtVerify(token, await secret, {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { rows } = await client.query('select id, email, role from users where id = $1', [payload.sub]);
    if (rows.length !== 1) return c.json({ error: 'no user' }, 401);
    return c.json(rows[0]);
  });
  const authUpdate = new Hono().post('/floor', async (c) => {
    const token = c.req.header('authorization')?.slice(7) ?? '';
    const { payload } = await jwtVerify(token, await secret, {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      algorithms: ['HS256'],
    });
    const { rows } = await client.query('update credit_accounts set updated_at = now() where user_id = $1 returning paid_balance', [
      payload.sub,
    ]);
    if (rows.length !== 1) return c.json({ error: 'no account' }, 401);
    return c.json(rows[0]);
  });
  const select1 = new Hono().get('/floor', async (c) => {
    await client.query('select 1');
    return c.json({ status: 'ok' });
  });
  return { authSelect, select1, authUpdate };
}

export type FloorKind = 'bare' | 'auth+SELECT' | 'SELECT 1' | 'auth+UPDATE' | 'auth+UPDATE×20';

export interface BenchRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, socket errors and timeouts during the run. */
  failures: number;
  /** Which reference this row is compared with. */
  floor?: FloorKind;
}

/** Starts both floor servers on ephemeral ports with the given listener (the bench's `listen`). */
export async function startFloorServers(
  db: Db,
  config: Pick<Config, 'JWT_KEYS' | 'JWT_ISSUER' | 'JWT_AUDIENCE'>,
  listen: (start: (port: number) => ServerType) => Promise<{ url: string; close: () => void }>,
  serve: (options: { fetch: Hono['fetch']; port: number }) => ServerType,
) {
  const apps = createFloorApps(db, config);
  const authSelect = await listen((port) => serve({ fetch: apps.authSelect.fetch, port }));
  const select1 = await listen((port) => serve({ fetch: apps.select1.fetch, port }));
  const authUpdate = await listen((port) => serve({ fetch: apps.authUpdate.fetch, port }));
  return {
    authSelectUrl: `${authSelect.url}/floor`,
    select1Url: `${select1.url}/floor`,
    authUpdateUrl: `${authUpdate.url}/floor`,
    close: () => {
      authSelect.close();
      select1.close();
      authUpdate.close();
    },
  };
}

/** The markdown table: each row next to bare Hono and to its own floor. */
export function printFloorTable(rows: BenchRow[], floors: Record<FloorKind, number>) {
  console.log('| endpoint | req/s | p50 ms | p99 ms | failures | vs bare Hono | vs its floor |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const kind = row.floor ?? 'bare';
    let own = kind === 'bare' ? '' : `${(row.rps / floors[kind]).toFixed(2)}× ${kind}`;
    // Writes are also held to the read floor the issue names (≥ 0.3× auth+SELECT for one user).
    if (kind.startsWith('auth+UPDATE')) own += `, ${(row.rps / floors['auth+SELECT']).toFixed(2)}× auth+SELECT`;
    console.log(
      `| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.failures} | ${(row.rps / floors.bare).toFixed(2)}× | ${own} |`,
    );
  }
}

/** The reference a product row is held to: authenticated rows to auth+SELECT, health to SELECT 1, public rows to bare Hono. */
export function floorFor(name: string): FloorKind {
  if (name.startsWith('floor:') || name.startsWith('bare')) return 'bare';
  if (name.includes('/api/health')) return 'SELECT 1';
  if (name.includes('consume') && name.includes('20 users')) return 'auth+UPDATE×20';
  if (name.includes('consume')) return 'auth+UPDATE';
  if (/JWT|consume|\/users\/me|\/credits\/(balance|transactions)|\/orders\/user/.test(name)) return 'auth+SELECT';
  return 'bare';
}
