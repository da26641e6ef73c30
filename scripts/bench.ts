/**
 * `npm run bench`: HTTP throughput and latency of the real app (embedded Node server, PGlite in
 * memory) next to a bare Hono server answering a constant, so the figures say how much our
 * middleware, auth and database cost relative to the framework floor. Prints a markdown table.
 * Then the upscaler, the photo tools and the load section (scripts/lib/bench-load.ts: many users
 * at once, failures counted).
 */
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '@tests/setup/test-app';
import { createImageEngines } from '@worker/adapters/images/engines';
import { createLocalEngine } from '@worker/adapters/images/local-engine';
import { createEnginePool } from '@worker/engine/pool';
import { hashPassword, PASSWORD_KDF } from '@worker/services/auth/passwords';
import { applyMovement } from '@worker/services/credits/ledger';
import { isSandboxGateway } from '@worker/adapters/payments/sandbox-port';
import type { ImageEngine } from '@worker/services/generation/engine';
import { serveNode } from './lib/node-server';
import { type BenchRow, floorFor, printFloorTable, startFloorServers } from './lib/bench-floors';
import { measuredOf, measureGoals } from './lib/bench-goals';
import { printCpuPerRequest } from './lib/bench-cpu';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SPENDERS = 20;
/** Spends made so far: each spend's reference is new, so none is a replay. */
let spends = 0;

function listen(start: (port: number) => ReturnType<typeof serve>) {
  const server = start(0);
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.once('listening', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

/**
 * A table row from one autocannon run. Failed answers (non-2xx, socket errors, timeouts) are counted
 * in the row, not thrown: a run that fails says how much. No answer within the run is a result too
 * (a starved server).
 */
function rowOf(name: string, result: autocannon.Result): BenchRow {
  const { failures } = measuredOf(result);
  if (!result.requests.total) return { name, rps: 0, p50: Number.POSITIVE_INFINITY, p99: Number.POSITIVE_INFINITY, failures };
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, failures };
}

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and connection setup are not measured.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  return rowOf(name, await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }));
}

const baselineApp = new Hono().get('/ping', (c) => c.json({ status: 'ok' }));
const baseline = await listen((port) => serve({ fetch: baselineApp.fetch, port }));

// The local engine wrapped with a stopwatch, so per-job overhead = total time − engine time.
const enginePool = createEnginePool();
const local = createLocalEngine(enginePool);
const engineMs = new Map<string, number>();
const timedEngine: ImageEngine = {
  name: 'local',
  async textToImage(input) {
    const started = performance.now();
    const image = await local.textToImage(input);
    engineMs.set(input.operation.op === 'text-to-image' ? input.operation.prompt : input.operation.op, performance.now() - started);
    return image;
  },
  edit: (input) => local.edit(input),
};
const t = await createTestApp({ images: createImageEngines({ nano: timedEngine }, enginePool) });
const { token, user } = await t.signIn('bench@example.com');
// Enough credits for the spend benchmark and the generation run.
await t.deps.db.transaction((tx) =>
  applyMovement(tx, {
    userId: user.id,
    movementKey: 'bench:fund',
    type: 'EARNED',
    referenceType: 'BONUS',
    reason: 'SIGN_UP_BONUS',
    reasonParams: {},
    parts: { paid: 10_000_000 },
  }),
);
const studio = await listen((port) => serveNode(t.app, { port }));
const { code: referralCode } = (await (await t.request('/api/referral/link', { token })).json()) as { code: string };
// 20 funded users for the parallel-spend row: the same load spread over 20 account rows instead of one.
const spenders: string[] = [];
for (let i = 0; i < SPENDERS; i++) {
  const signed = await t.signIn(`bench-spender-${i}@example.com`);
  await applyMovement(t.deps.db, {
    userId: signed.user.id,
    movementKey: 'bench:fund',
    type: 'EARNED',
    referenceType: 'BONUS',
    reason: 'SIGN_UP_BONUS',
    reasonParams: {},
    parts: { paid: 1_000_000 },
  });
  spenders.push(signed.token);
}

// Same-driver references: each product row is also compared with the floor it could reach.
const floorServers = await startFloorServers(t.deps.db, t.deps.config, listen, serve);
const rows = [
  await measure('bare Hono GET /ping (baseline)', `${baseline.url}/ping`),
  await measure('floor: Hono + jose HS256 + SELECT by pk', floorServers.authSelectUrl, { authorization: `Bearer ${token}` }),
  await measure('floor: Hono + SELECT 1', floorServers.select1Url),
  await measure('GET /api/health (1 query)', `${studio.url}/api/health`),
  await measure('GET /api/users/me (JWT + 1 query)', `${studio.url}/api/users/me`, { authorization: `Bearer ${token}` }),
  await measure('GET /api/showcase/images (in-process cache)', `${studio.url}/api/showcase/images?page=0&limit=12`),
  await measure('GET /api/credits/balance (JWT + 1 query)', `${studio.url}/api/credits/balance`, { authorization: `Bearer ${token}` }),
  await measure('GET /api/credits/transactions page 1 (JWT)', `${studio.url}/api/credits/transactions?page=0&size=10`, {
    authorization: `Bearer ${token}`,
  }),
  await measure('GET /api/public/pricing/all (in-process cache)', `${studio.url}/api/public/pricing/all`),
  await measure('GET /api/generate-image/models (public read)', `${studio.url}/api/generate-image/models`),
  await measure('GET /api/referral/info/:code (public read)', `${studio.url}/api/referral/info/${referralCode}`),
  await measureRotating('floor: Hono + jose + UPDATE by pk, one user', floorServers.authUpdateUrl, [token]),
  await measureRotating('floor: Hono + jose + UPDATE by pk, 20 users', floorServers.authUpdateUrl, spenders),
  await measureSpend(),
  await measureSpend(spenders),
  await measureSpend([token], 1),
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
  return rowOf('POST /api/webhooks/sandbox (replayed event)', result);
}

/**
 * POST /api/credits/consume with a fresh reference each time. One user: every spend queues on one
 * account row. Several users: the same connections spread over that many rows (does it
 * scale?). One connection: the latency of a spend when nothing queues.
 */
async function measureSpend(tokens: string[] = [token], connections = CONNECTIONS) {
  const who = tokens.length === 1 ? 'one user' : `${tokens.length} users in parallel`;
  return rowOf(`POST /api/credits/consume (spend, ${who}${connections === 1 ? ', 1 connection' : ''})`, await spend(tokens, connections));
}

/** One autocannon run of spends, each with a reference never used before (so none is a replay). */
function spend(tokens: string[], connections = CONNECTIONS) {
  return rotating(
    `${studio.url}/api/credits/consume`,
    tokens,
    connections,
    () => `?amount=1&referenceType=IMAGE_GENERATION&referenceId=bench-${tokens.length}-${connections}-${spends++}`,
  );
}

/** POSTs with the callers' tokens taken in turn (and a per-request query, e.g. a fresh reference). */
async function measureRotating(name: string, url: string, tokens: string[]) {
  return rowOf(name, await rotating(url, tokens));
}

function rotating(url: string, tokens: string[], connections = CONNECTIONS, query: () => string = () => '') {
  let n = 0;
  const path = new URL(url).pathname;
  return autocannon({
    url,
    connections,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `${path}${query()}`,
          headers: { ...req.headers, authorization: `Bearer ${tokens[n++ % tokens.length]}` },
        }),
      },
    ],
  });
}

const floor = rows[0]!.rps;
const database = process.env.DATABASE_URL_TEST ? 'PostgreSQL server' : 'PGlite in memory';
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${database}\n`);
const rpsOf = (prefix: string) => rows.find((row) => row.name.startsWith(prefix))!.rps;
printFloorTable(
  rows.map((row) => ({ ...row, floor: floorFor(row.name) })),
  {
    bare: floor,
    'auth+SELECT': rows[1]!.rps,
    'SELECT 1': rows[2]!.rps,
    'auth+UPDATE': rpsOf('floor: Hono + jose + UPDATE by pk, one user'),
    'auth+UPDATE×20': rpsOf('floor: Hono + jose + UPDATE by pk, 20 users'),
  },
);

// The goals, measured side by side in rounds (scripts/lib/bench-goals.ts).
const probe =
  (url: string, headers: Record<string, string> = {}) =>
  async () =>
    measuredOf(await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }));
const bearer = { authorization: `Bearer ${token}` };
await measureGoals(
  {
    bare: probe(`${baseline.url}/ping`),
    showcase: probe(`${studio.url}/api/showcase/images?page=0&limit=12`),
    pricing: probe(`${studio.url}/api/public/pricing/all`),
    'auth+SELECT': probe(floorServers.authSelectUrl, bearer),
    balance: probe(`${studio.url}/api/credits/balance`, bearer),
    spend: async () => measuredOf(await spend([token])),
  },
  Number(process.env.BENCH_ROUNDS ?? 3),
);
// CPU per request, steadier than throughput on a shared machine. autocannon has no Accept-Encoding
// (the goals' probes); a browser's gzip answer is shown beside it, and bare Hono sending the showcase
// page's own bytes and headers: what the bench itself spends on a bigger answer (decision 083).
const showcaseUrl = `${studio.url}/api/showcase/images?page=0&limit=12`;
const sameBytes = await fetch(showcaseUrl, { headers: { 'accept-encoding': 'identity' } });
const sameText = await sameBytes.text();
const sameHeaders = [...sameBytes.headers].filter(([name]) => !/^(content-length|date|connection|keep-alive)$/.test(name));
const sameAnswer = await listen((port) =>
  serve({ fetch: new Hono().get('/same', () => new Response(sameText, { headers: sameHeaders })).fetch, port }),
);
const cpuRows = await printCpuPerRequest(
  {
    bare: { url: `${baseline.url}/ping` },
    showcase: { url: showcaseUrl },
    pricing: { url: `${studio.url}/api/public/pricing/all` },
    'showcase, gzip accepted': { url: showcaseUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    'bare Hono, showcase bytes and headers': { url: `${sameAnswer.url}/same` },
    // The authenticated read and its floor (decision 084): their ratio is the goal's, without the noise.
    'auth+SELECT floor': { url: floorServers.authSelectUrl, headers: bearer },
    balance: { url: `${studio.url}/api/credits/balance`, headers: bearer },
  },
  Number(process.env.BENCH_ROUNDS ?? 3),
);
const cpuOf = (name: string) => cpuRows.find((row) => row.name === name)!.median;
console.log(`\nauthenticated read ÷ auth+SELECT floor, by CPU: ${(cpuOf('auth+SELECT floor') / cpuOf('balance')).toFixed(2)} (goal ≥ 0.7)`);
sameAnswer.close();
if (process.env.BENCH_HTTP_ONLY) process.exit(0);

// Generation: 50 text-to-image jobs on the local engine, one after another (POST → COMPLETED).
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const totals: number[] = [];
const overheads: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const prompt = `bench ${i}: sunset over mountains with a lake`;
  const started = performance.now();
  const res = await t.request('/api/generate-image', {
    method: 'POST',
    token,
    json: { prompt, style: 'realistic', width: 1024, height: 1024 },
  });
  const { id } = (await res.json()) as { id: string };
  await t.drainJobs();
  const status = (await (await t.request(`/api/generate-image/status/${id}`, { token })).json()) as { status: string };
  if (status.status !== 'COMPLETED') throw new Error(`job ${id} ended ${status.status}`);
  const total = performance.now() - started;
  totals.push(total);
  overheads.push(total - (engineMs.get(prompt) ?? 0));
}
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!.toFixed(1);
console.log(`\nGeneration, ${JOBS} jobs at 1024×1024 on the local engine (${database}, in-process queue):\n`);
console.log('| measure | p50 ms | p95 ms |');
console.log('|---|---:|---:|');
console.log(`| POST → COMPLETED | ${pct(totals, 50)} | ${pct(totals, 95)} |`);
console.log(`| app overhead (total − engine) | ${pct(overheads, 50)} | ${pct(overheads, 95)} |`);

// Loaded latency: the balance read while 10 generations loop, next to the same read idle.
// Rendering runs in the engine's worker threads, so the request thread should barely notice (goal ≤ 2×).
const loaded = await measureBalanceUnderLoad(10);
console.log(
  `\nBalance reads while generations run (${CONNECTIONS} connections, ${DURATION} s, engine pool of ${enginePool.threads} thread(s)):\n`,
);
console.log('| GET /api/credits/balance | req/s | p50 ms | p99 ms | generations finished |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| idle | ${loaded.idle.rps} | ${loaded.idle.p50} | ${loaded.idle.p99} | — |`);
console.log(`| while 10 generations loop | ${loaded.busy.rps} | ${loaded.busy.p50} | ${loaded.busy.p99} | ${loaded.finished} |`);
console.log(`| loaded p50 ÷ idle p50 | | ${(loaded.busy.p50 / Math.max(loaded.idle.p50, 1)).toFixed(2)}× | | goal ≤ 2× |`);

async function measureBalanceUnderLoad(loops: number) {
  const url = `${studio.url}/api/credits/balance`;
  const headers = { authorization: `Bearer ${token}` };
  const idle = await measure('balance idle', url, headers);
  let running = true;
  let finished = 0;
  const generateForever = async (loop: number) => {
    for (let i = 0; running; i++) {
      const res = await t.request('/api/generate-image', {
        method: 'POST',
        token,
        json: { prompt: `loaded ${loop}-${i}: harbour at night with boats`, width: 1024, height: 1024 },
      });
      const { id } = (await res.json()) as { id: string };
      // Polled once a second (the workbench polls every 2 s), so the reads measured are the load, not the polling.
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000));
        const { status } = (await (await t.request(`/api/generate-image/status/${id}`, { token })).json()) as { status: string };
        if (status !== 'PROCESSING') break;
      }
      finished++;
    }
  };
  const running$ = Array.from({ length: loops }, (_, loop) => generateForever(loop));
  // Let the loops fill the engine pool's queue before measuring.
  await new Promise((r) => setTimeout(r, 1500));
  const busy = await measure('balance while generating', url, headers);
  running = false;
  await Promise.all(running$);
  await t.drainJobs();
  return { idle, busy, finished };
}

// Upscaler quality and speed (PSNR/SSIM vs bicubic/Lanczos, s per output MP) — the upscaler's own section goes here.

// Payments: a credit pack bought through the sandbox, one after another (create order → Pay on the
// checkout page → signed webhook → credits), and the password KDF that bounds login throughput.
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 50);
const purchases: number[] = [];
for (let i = 0; i < PURCHASES; i++) {
  const started = performance.now();
  const created = (await (
    await t.request('/api/v2/payment/create-credit-order', { method: 'POST', token, json: { packageId: 'pack_100', gateway: 'STRIPE' } })
  ).json()) as { orderId: string; checkoutUrl: string };
  const paid = await t.request(new URL(created.checkoutUrl).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  if (paid.status !== 303) throw new Error(`purchase ${i}: checkout answered ${paid.status}`);
  const status = (await (await t.request(`/api/v2/payment/order/${created.orderId}/status`, { token })).json()) as {
    status: string;
    creditsAdded: number;
  };
  if (status.status !== 'PAID' || status.creditsAdded !== 100) throw new Error(`purchase ${i} ended ${JSON.stringify(status)}`);
  purchases.push(performance.now() - started);
}
const hashes: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await hashPassword(`bench password ${i}`, PASSWORD_KDF);
  hashes.push(performance.now() - started);
}
console.log(`\nPayments and accounts (${database}):\n`);
console.log('| measure | p50 ms | p95 ms |');
console.log('|---|---:|---:|');
console.log(`| sandbox pack purchase: order → Pay → webhook → PAID (${PURCHASES}) | ${pct(purchases, 50)} | ${pct(purchases, 95)} |`);
console.log(`| scrypt password hash, N=2^15 r=8 p=1 (10) | ${pct(hashes, 50)} | ${pct(hashes, 95)} |`);

await (await import('./lib/bench-upscaler')).benchUpscaler();
await (await import('./lib/bench-tools')).benchTools();
// Last: it starts its own server processes and wants the machine to itself.
await (await import('./lib/bench-load')).benchLoad();
baseline.close();
studio.close();
await t.close();
await enginePool.close();
process.exit(0);
