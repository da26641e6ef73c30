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
import { createImageEngines } from '../worker/adapters/images/engines';
import { createLocalEngine } from '../worker/adapters/images/local-engine';
import { hashPassword } from '../worker/services/auth/passwords';
import { applyMovement } from '../worker/services/credits/ledger';
import { isSandboxGateway } from '../worker/services/payments/sandbox-types';
import type { ImageEngine } from '../worker/services/generation/engine';
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

// The local engine wrapped with a stopwatch, so per-job overhead = total time − engine time.
const local = createLocalEngine();
const engineMs = new Map<string, number>();
const timedEngine: ImageEngine = {
  name: 'local',
  async textToImage(input) {
    const started = performance.now();
    const image = await local.textToImage(input);
    engineMs.set(input.prompt, performance.now() - started);
    return image;
  },
  edit: (input) => local.edit(input),
};
const t = await createTestApp({ images: createImageEngines({ nano: timedEngine }) });
const { token, user } = await t.signIn('bench@example.com');
// Enough credits for the spend benchmark and the generation run.
await t.deps.db.transaction((tx) =>
  applyMovement(tx, { userId: user.id, movementKey: 'bench:fund', type: 'EARNED', referenceType: 'BONUS', parts: { paid: 10_000_000 } }),
);
const studio = await listen((port) => serveNode(t.app, { port }));

const rows = [
  await measure('bare Hono GET /ping (baseline)', `${baseline.url}/ping`),
  await measure('GET /api/health (1 query)', `${studio.url}/api/health`),
  await measure('GET /api/users/me (JWT + 2 queries)', `${studio.url}/api/users/me`, { authorization: `Bearer ${token}` }),
  await measure('GET /api/showcase/images (2 queries)', `${studio.url}/api/showcase/images?page=0&limit=12`),
  await measure('GET /api/credits/balance (JWT + 2 queries)', `${studio.url}/api/credits/balance`, { authorization: `Bearer ${token}` }),
  await measureSpend(),
  await measure('GET /api/orders/user (JWT + 3 queries)', `${studio.url}/api/orders/user`, { authorization: `Bearer ${token}` }),
  await measureWebhookReplay(),
];

/**
 * A gateway redelivering one already-applied event: signature check + one INSERT … ON CONFLICT that
 * finds the event id and stops (the de-duplication path every replay takes).
 */
async function measureWebhookReplay() {
  const sandbox = t.deps.payments.byName('SANDBOX');
  if (!isSandboxGateway(sandbox)) throw new Error('bench needs the sandbox gateway');
  const delivery = await sandbox.sign({ id: 'evt_bench_replay', type: 'bench', occurredAt: new Date(), effects: [] });
  const result = await autocannon({
    url: `${studio.url}/api/webhooks/sandbox`,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: Object.fromEntries(new Headers(delivery.headers)),
    body: delivery.rawBody,
  });
  if (result.non2xx) throw new Error(`webhook replay: ${result.non2xx} non-2xx answers`);
  return { name: 'POST /api/webhooks/sandbox (replayed event)', rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** POST /api/credits/consume with a fresh reference each time: one locked-row transaction per request. */
async function measureSpend() {
  let n = 0;
  const result = await autocannon({
    url: `${studio.url}/api/credits/consume`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, path: `/api/credits/consume?amount=1&referenceType=IMAGE_GENERATION&referenceId=bench-${n++}` }) }],
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx) throw new Error(`spend: ${result.non2xx} non-2xx answers`);
  return { name: 'POST /api/credits/consume (spend, 1 tx)', rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const floor = rows[0]!.rps;
const database = process.env.DATABASE_URL_TEST ? 'PostgreSQL server' : 'PGlite in memory';
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${database}\n`);
console.log('| endpoint | req/s | p50 ms | p99 ms | vs bare Hono |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${(row.rps / floor).toFixed(2)}× |`);

// Generation: 50 text-to-image jobs on the local engine, one after another (POST → COMPLETED).
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const totals: number[] = [];
const overheads: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const prompt = `bench ${i}: sunset over mountains with a lake`;
  const started = performance.now();
  const res = await t.request('/api/generate-image', { method: 'POST', token, json: { prompt, style: 'realistic', width: 1024, height: 1024 } });
  const { id } = (await res.json()) as { id: string };
  await t.drainJobs();
  const status = (await (await t.request(`/api/generate-image/status/${id}`, { token })).json()) as { status: string };
  if (status.status !== 'COMPLETED') throw new Error(`job ${id} ended ${status.status}`);
  const total = performance.now() - started;
  totals.push(total);
  overheads.push(total - (engineMs.get(prompt) ?? 0));
}
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!.toFixed(1);
console.log(`\nGeneration, ${JOBS} jobs at 1024×1024 on the local engine (${database}, in-process queue):\n`);
console.log('| measure | p50 ms | p95 ms |');
console.log('|---|---:|---:|');
console.log(`| POST → COMPLETED | ${pct(totals, 50)} | ${pct(totals, 95)} |`);
console.log(`| app overhead (total − engine) | ${pct(overheads, 50)} | ${pct(overheads, 95)} |`);

// Payments: a credit pack bought through the sandbox, one after another (create order → Pay on the
// checkout page → signed webhook → credits), and the password KDF that bounds login throughput.
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 50);
const purchases: number[] = [];
for (let i = 0; i < PURCHASES; i++) {
  const started = performance.now();
  const created = (await (await t.request('/api/v2/payment/create-credit-order', { method: 'POST', token, json: { packageId: 'pack_100', gateway: 'STRIPE' } })).json()) as { orderId: string; checkoutUrl: string };
  const paid = await t.request(new URL(created.checkoutUrl).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  if (paid.status !== 303) throw new Error(`purchase ${i}: checkout answered ${paid.status}`);
  const status = (await (await t.request(`/api/v2/payment/order/${created.orderId}/status`, { token })).json()) as { status: string; creditsAdded: number };
  if (status.status !== 'PAID' || status.creditsAdded !== 100) throw new Error(`purchase ${i} ended ${JSON.stringify(status)}`);
  purchases.push(performance.now() - started);
}
const hashes: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await hashPassword(`bench password ${i}`);
  hashes.push(performance.now() - started);
}
console.log(`\nPayments and accounts (${database}):\n`);
console.log('| measure | p50 ms | p95 ms |');
console.log('|---|---:|---:|');
console.log(`| sandbox pack purchase: order → Pay → webhook → PAID (${PURCHASES}) | ${pct(purchases, 50)} | ${pct(purchases, 95)} |`);
console.log(`| scrypt password hash, N=2^15 r=8 p=1 (10) | ${pct(hashes, 50)} | ${pct(hashes, 95)} |`);

baseline.close();
studio.close();
await t.close();
process.exit(0);
