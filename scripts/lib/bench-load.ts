/**
 * Load section of `npm run bench` (also `npm run bench:load`): many users at once against the real
 * server (`scripts/start.ts --api-only` in child processes, so the bench's own work does not share
 * their event loop), counted in failures as well as time.
 *
 *  1. Jobs: 8 users each submit 4 engine jobs at once (text-to-image, two photo tools, a 2× upscale)
 *     while a ninth user reads its balance in a loop. Rows: completed / failed, makespan against the
 *     engine's own serial time for the same jobs (measured in this run on a one-thread pool) over
 *     the engine's threads, fairness (slowest user's last finish ÷ fastest user's), and the
 *     balance read's p99 during the run ÷ idle.
 *  2. Uploads: 30 parallel uploads of a 7000×7000 PNG, with the same balance reader.
 *  3. With PostgreSQL reachable: the jobs phase on one server process, then on two processes
 *     sharing the database, to show throughput grows with engine processes.
 *
 *   npx tsx scripts/lib/bench-load.ts [--server DIR] [--only jobs|uploads|scale]
 *
 * `--server` runs another checkout's server (say, the commit before a change) under the same
 * bench, so before and after are measured in one session on one machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createEnginePool } from '@worker/engine/pool';

const USERS = 8;
const UPLOADS = 30;
const JOB_TIMEOUT_MS = 15 * 60_000;

type Server = { url: string; stop: () => Promise<void> };

function argument(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/** Starts `scripts/start.ts --api-only` of `serverDir` on a free port with its own (or a shared) data directory. */
async function startServer(serverDir: string, port: number, env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--api-only'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), MAILER: 'dev', LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server in ${serverDir} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

async function json(response: Response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { raw: text };
  }
}

/** Signs in through the e-mail code flow, reading the code from that server's dev mailbox. */
async function signIn(server: Server, email: string): Promise<string> {
  const sent = await fetch(`${server.url}/api/auth/login/send-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`send-code ${sent.status}`);
  const mailbox = await json(await fetch(`${server.url}/api/dev/mailbox?email=${encodeURIComponent(email)}`));
  const code = String(mailbox.messages?.[0]?.text ?? '').match(/\b(\d{6})\b/)?.[1];
  const verified = await json(
    await fetch(`${server.url}/api/auth/login/verify-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, verificationCode: code }),
    }),
  );
  if (!verified.token) throw new Error(`verify-code failed for ${email}`);
  return verified.token as string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Reads the balance one request at a time until stopped; the latencies say whether signed-in requests stalled. */
function balanceReader(server: Server, token: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${server.url}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

async function idleBalance(server: Server, token: string) {
  const latencies: number[] = [];
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    await (await fetch(`${server.url}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

interface Inputs {
  photo: Uint8Array;
  small: Uint8Array;
  huge: Uint8Array;
}

async function makeInputs(): Promise<Inputs> {
  const source = readFileSync(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url));
  const photo = new Uint8Array(await sharp(source).resize(768, 768).png().toBuffer());
  const small = new Uint8Array(await sharp(source).resize(384, 384).png().toBuffer());
  // Compresses to a small file but decodes to 49 megapixels: the upload that is cheap to send and costly to check.
  const huge = new Uint8Array(
    await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3060a0' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  return { photo, small, huge };
}

const TOOLS = ['oil-painting', 'watercolor'] as const;

/**
 * The same four jobs a user submits, on a one-thread pool in this process, one after another (best
 * of 2 warm runs each): seconds per kind, which is also the capacity of one engine thread.
 */
async function serialEngineSeconds(inputs: Inputs) {
  const pool = createEnginePool({ threads: 1 });
  const ops: [string, () => Promise<unknown>][] = [
    [
      'text-to-image 1024²',
      () => pool.run({ op: 'text-to-image', prompt: 'a lighthouse at dawn', style: 'realistic', width: 1024, height: 1024, seed: 7 }),
    ],
    ...TOOLS.map((toolId): [string, () => Promise<unknown>] => [
      `${toolId} 768²`,
      () => pool.run({ op: 'tool', toolId, image: inputs.photo, params: {}, seed: 7 }),
    ]),
    ['upscale 2× of 384²', () => pool.run({ op: 'upscale', image: inputs.small, scale: 2, faceEnhancement: false })],
  ];
  let perUser = 0;
  const perKind: string[] = [];
  for (const [name, op] of ops) {
    await op();
    const times: number[] = [];
    for (let i = 0; i < 2; i++) {
      const start = performance.now();
      await op();
      times.push(performance.now() - start);
    }
    perUser += Math.min(...times) / 1000;
    perKind.push(`${name} ${(Math.min(...times) / 1000).toFixed(2)} s`);
  }
  await pool.close();
  return { perUser, perKind };
}

type JobResult = { user: number; ok: boolean; finishedMs: number };

/** Submits one user's four jobs at once and polls each until it ends. */
async function userJobs(server: Server, token: string, user: number, inputs: Inputs, t0: number): Promise<JobResult[]> {
  const auth = { authorization: `Bearer ${token}` };
  const form = (entries: Record<string, string | Uint8Array>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) {
      if (typeof value === 'string') data.append(key, value);
      else data.append(key, new Blob([value as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'photo.png');
    }
    return data;
  };
  const submissions = [
    fetch(`${server.url}/api/generate-image`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: `a lighthouse at dawn ${user}`, style: 'realistic', width: 1024, height: 1024, model: 'nano' }),
    }).then(async (r) => ({ kind: 'generate-image', status: r.status, body: await json(r) })),
    ...TOOLS.map((toolId) =>
      fetch(`${server.url}/api/generate-image/edit`, {
        method: 'POST',
        headers: auth,
        body: form({ prompt: 'Repaint this photo', style: 'artistic', toolId, images: inputs.photo }),
      }).then(async (r) => ({ kind: 'generate-image', status: r.status, body: await json(r) })),
    ),
    fetch(`${server.url}/api/image-upscale/upload`, {
      method: 'POST',
      headers: auth,
      body: form({ scaleFactor: '2', image: inputs.small }),
    }).then(async (r) => ({ kind: 'image-upscale', status: r.status, body: await json(r) })),
  ];
  return Promise.all(
    submissions.map(async (submission) => {
      const { kind, status, body } = await submission;
      if (status !== 200 || !body.id) return { user, ok: false, finishedMs: performance.now() - t0 };
      for (;;) {
        const state = await json(await fetch(`${server.url}/api/${kind}/status/${body.id}`, { headers: auth }));
        if (state.status === 'COMPLETED' || state.status === 'FAILED' || performance.now() - t0 > JOB_TIMEOUT_MS)
          return { user, ok: state.status === 'COMPLETED', finishedMs: performance.now() - t0 };
        // The web app polls every 2 s (spec §9).
        await new Promise((r) => setTimeout(r, 2000));
      }
    }),
  );
}

async function jobsPhase(servers: Server[], inputs: Inputs, label: string) {
  const tokens = await Promise.all(
    Array.from({ length: USERS + 1 }, (_, i) => signIn(servers[i % servers.length]!, `load${i}-${Date.now()}@example.com`)),
  );
  const reader = tokens[USERS]!;
  const readerServer = servers[USERS % servers.length]!;
  const idle = await idleBalance(readerServer, reader);
  const readers = balanceReader(readerServer, reader);
  const t0 = performance.now();
  const results = (
    await Promise.all(Array.from({ length: USERS }, (_, u) => userJobs(servers[u % servers.length]!, tokens[u]!, u, inputs, t0)))
  ).flat();
  const makespan = Math.max(...results.map((r) => r.finishedMs)) / 1000;
  const during = await readers.stop();
  const lastByUser = Array.from({ length: USERS }, (_, u) => Math.max(...results.filter((r) => r.user === u).map((r) => r.finishedMs)));
  return {
    label,
    completed: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    makespan,
    fairness: Math.max(...lastByUser) / Math.min(...lastByUser),
    idleP99: percentile(idle, 99),
    p99: percentile(during, 99),
    max: Math.max(...during),
  };
}

async function uploadsPhase(server: Server, inputs: Inputs) {
  const tokens = await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(server, `upload${i}-${Date.now()}@example.com`)));
  const reader = tokens[8]!;
  const idle = await idleBalance(server, reader);
  const readers = balanceReader(server, reader);
  const statuses = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => {
      const body = new FormData();
      body.append('image', new Blob([inputs.huge as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'huge.png');
      return fetch(`${server.url}/api/upload/image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i % 8]}` },
        body,
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    }),
  );
  const during = await readers.stop();
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return { idleP99: percentile(idle, 99), p99: percentile(during, 99), max: Math.max(...during), counts };
}

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

export async function benchLoad(log: (line: string) => void = console.log, options: { serverDir?: string; only?: string } = {}) {
  const serverDir = resolve(options.serverDir ?? '.');
  const inputs = await makeInputs();
  const threads = 1;
  let port = 18_700 + Math.floor(Math.random() * 500);
  const data = () => mkdtempSync(join(tmpdir(), 'bench-load-'));
  const withJobs = !options.only || options.only === 'jobs' || options.only === 'scale';
  const reference = withJobs ? await serialEngineSeconds(inputs) : undefined;
  const serial = (reference?.perUser ?? 0) * USERS;
  if (reference) {
    log(
      `\nLoad: ${USERS} users × 4 engine jobs at once (server: ${serverDir}); engine serial time for the same jobs ${serial.toFixed(1)} s on ${threads} thread (${reference.perKind.join(', ')})\n`,
    );
    log(
      '| run | completed / failed | makespan s | ÷ (serial ÷ threads) | fairness (slowest ÷ fastest user) | balance p99 idle → during ms | ÷ idle | max ms |',
    );
    log('|---|---:|---:|---:|---:|---:|---:|---:|');
  }
  const row = (r: Awaited<ReturnType<typeof jobsPhase>>, engineThreads: number) =>
    log(
      `| ${r.label} | ${r.completed} / ${r.failed} | ${r.makespan.toFixed(1)} | ${(r.makespan / (serial / engineThreads)).toFixed(2)} | ${r.fairness.toFixed(2)} | ${r.idleP99.toFixed(0)} → ${r.p99.toFixed(0)} | ${(r.p99 / r.idleP99).toFixed(1)} | ${r.max.toFixed(0)} |`,
    );

  if (!options.only || options.only === 'jobs') {
    const dir = data();
    const server = await startServer(serverDir, port++, { DATA_DIR: dir, ENGINE_PARALLELISM: String(threads) });
    try {
      row(await jobsPhase([server], inputs, 'PGlite, 1 process'), threads);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!options.only || options.only === 'scale') {
    for (const processes of [1, 2]) {
      const done = await withDatabase(async (url) => {
        const dir = data();
        const servers: Server[] = [];
        try {
          // One at a time: the first creates the shared secrets and applies the migrations.
          for (let i = 0; i < processes; i++)
            servers.push(await startServer(serverDir, port++, { DATA_DIR: dir, DATABASE_URL: url, ENGINE_PARALLELISM: String(threads) }));
          row(await jobsPhase(servers, inputs, `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`), threads * processes);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
          rmSync(dir, { recursive: true, force: true });
        }
        return true;
      });
      if (!done) log(`| PostgreSQL, ${processes} process(es) | skipped: no server at 127.0.0.1:5432 | | | | | | |`);
    }
  }
  if (!options.only || options.only === 'uploads') {
    const dir = data();
    const server = await startServer(serverDir, port++, { DATA_DIR: dir });
    try {
      const r = await uploadsPhase(server, inputs);
      const answers = [...r.counts].map(([status, n]) => `${n}× ${status}`).join(', ');
      log(`\n${UPLOADS} parallel uploads of a 7000×7000 PNG (${(inputs.huge.length / 1024).toFixed(0)} kB): ${answers}\n`);
      log('| balance p99 idle ms | during ms | ÷ idle | max ms |');
      log('|---:|---:|---:|---:|');
      log(`| ${r.idleP99.toFixed(0)} | ${r.p99.toFixed(0)} | ${(r.p99 / r.idleP99).toFixed(1)} | ${r.max.toFixed(0)} |`);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await benchLoad(console.log, { serverDir: argument('server'), only: argument('only') });
