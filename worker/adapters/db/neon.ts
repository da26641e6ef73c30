import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { schema, type Db } from '@db/client';

/**
 * Neon's serverless driver in its WebSocket Pool mode: interactive transactions and FOR UPDATE work
 * (its HTTP `neon()` mode cannot run read-then-write transactions). One pool per request on
 * Workers, because sockets cannot outlive it.
 *
 * `relay` is for tests and self-hosted Postgres: a WebSocket→TCP relay (tests/fakes/neon-ws-relay.ts)
 * at `host:port` in front of a plain server, reached without TLS. Neon's own proxy needs none of it.
 */
export function openNeonPool(connectionString: string, options: { relay?: string } = {}): { db: Db; close: () => Promise<void> } {
  if (options.relay) {
    const relay = options.relay;
    neonConfig.wsProxy = (host, port) => `${relay}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString });
  // An idle connection dropped by the server emits 'error' on the pool; without a listener Node crashes.
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db, close: () => pool.end() };
}
