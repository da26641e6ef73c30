/**
 * `npm run bench`: HTTP throughput and latency of the real app (embedded Node server, PGlite in
 * memory) next to a bare Hono server answering a constant, so the figures say how much our
 * middleware, auth and database cost relative to the framework floor. Prints a markdown table.
 */
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../tests/setup/test-app';
import { serveNode } from './lib/node-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function listen(start: (port: number) => ReturnType<typeof serve>) {
  const server = start(0);
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.once('listening', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and connection setup are not measured.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const baselineApp = new Hono().get('/ping', (c) => c.json({ status: 'ok' }));
const baseline = await listen((port) => serve({ fetch: baselineApp.fetch, port }));

const t = await createTestApp();
const { token } = await t.signIn('bench@example.com');
const studio = await listen((port) => serveNode(t.app, { port }));

const rows = [
  await measure('bare Hono GET /ping (baseline)', `${baseline.url}/ping`),
  await measure('GET /api/health (1 query)', `${studio.url}/api/health`),
  await measure('GET /api/users/me (JWT + 2 queries)', `${studio.url}/api/users/me`, { authorization: `Bearer ${token}` }),
  await measure('GET /api/showcase/images (2 queries)', `${studio.url}/api/showcase/images?page=0&limit=12`),
];

const floor = rows[0]!.rps;
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, PGlite in memory\n`);
console.log('| endpoint | req/s | p50 ms | p99 ms | vs bare Hono |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${(row.rps / floor).toFixed(2)}× |`);

baseline.close();
studio.close();
await t.close();
process.exit(0);
