/**
 * The randomized soak (`npm run soak`, scripts/soak.ts): two `npm start` server processes
 * (`scripts/start.ts --api-only`) on one fresh PostgreSQL database and one data directory. For a
 * while, a seeded random mix from several users — spends, credit packs paid through the sandbox
 * checkout, order refunds, single jobs, batches of variations, jobs the engine refuses, share and
 * unshare, upscales, avatars, account deletions — while either process is `kill -9`ed at random moments and started
 * again, and once, in the middle, every PostgreSQL backend of the database is terminated (what a
 * database restart does to the servers' connections). Afterwards, with both servers stopped, the
 * invariants are read from the database and the data directory: for every user the ledger sums to
 * the balance, no job is left unfinished or paid twice, no stored result or upload lacks a record
 * once the servers' claim sweep has settled the files of work a kill cut short, and no record names a
 * missing file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { blobDir, createFilesystemBlobStore } from '@worker/adapters/blobs/filesystem';
import { sweepFileClaims } from '@worker/services/files/file-claims';

export interface SoakOptions {
  seconds: number;
  seed: number;
  /** A PostgreSQL server URL; a fresh database is made on it and dropped afterwards. */
  adminUrl: string;
  /** Kills to aim for over the run (at random moments); at least one. */
  kills?: number;
  users?: number;
  log?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  seconds: number;
  operations: Record<string, number>;
  /** `<operation> <status>` for every answer that was not a success, and `<operation> network` for a dropped connection. */
  failures: Record<string, number>;
  kills: number;
  terminatedBackends: number;
  jobs: Record<string, number>;
  /** Claimed files (uploads, results) of work a kill cut short, removed by the claim sweep before the check. */
  claimedFilesSwept: number;
  violations: string[];
}

/** mulberry32: small, seeded, good enough to pick operations. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  port: number;
  url: string;
  child?: ChildProcess;
  up: boolean;
}

async function startServer(server: Server, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--api-only'], {
    env: { ...process.env, ...env, PORT: String(server.port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  // SOAK_LOG_DIR keeps each server's whole stderr (its error logs), to explain a 5xx after the run.
  const logFile = process.env.SOAK_LOG_DIR ? join(process.env.SOAK_LOG_DIR, `server-${server.port}.log`) : undefined;
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
    if (logFile) appendFileSync(logFile, chunk);
  });
  server.child = child;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${server.port} exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 180_000) throw new Error(`server on ${server.port} did not start within 3 minutes`);
    await sleep(200);
  }
  server.up = true;
}

function kill(server: Server, signal: NodeJS.Signals): Promise<void> {
  const child = server.child;
  server.up = false;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill(signal);
  });
}

interface User {
  email: string;
  id: string;
  token: string;
  /** Paid orders not yet refunded. */
  orders: string[];
  records: string[];
  shared: string[];
  since: number;
}

type Random = ReturnType<typeof rng>;
type Report = SoakReport & { count(table: Record<string, number>, key: string): void };
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The latest code the dev mailbox of `server` holds for `email` (each process has its own mailbox). */
async function codeFor(server: Server, email: string) {
  const mailbox = await (await fetch(`${server.url}/api/dev/mailbox?email=${encodeURIComponent(email)}`)).json();
  // Newest first.
  return String(mailbox.messages?.[0]?.text ?? '').match(/\b(\d{6})\b/)?.[1];
}

function post(server: Server, path: string, json: unknown, token?: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  });
}

/** Requests to a random live server, counted by operation and outcome; a dropped connection is status 0. */
function client(servers: Server[], random: Random, report: Report) {
  const live = () => servers.filter((s) => s.up);
  const call = async (op: string, path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Answer> => {
    const server = live().length ? random.pick(live()) : servers[0]!;
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    try {
      const res = await fetch(`${server.url}${path}`, {
        ...init,
        headers,
        redirect: 'manual',
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text);
      } catch {}
      // A 5xx says its code too: a busy engine's 503 ENGINE_BUSY is a refusal, a 500 is a fault.
      const code = res.status >= 500 ? ` ${(body.error as { code?: unknown } | undefined)?.code ?? 'no code'}` : '';
      if (res.status >= 400) report.count(report.failures, `${op} ${res.status}${code}`);
      return { status: res.status, body };
    } catch {
      report.count(report.failures, `${op} network`);
      return { status: 0, body: {} };
    }
  };
  let emails = 0;
  /** Sign-in through the e-mail code flow, on one server from the code to the token; retried across kills. */
  const signIn = async (seed: number): Promise<User | undefined> => {
    const email = `soak${++emails}-${seed}@example.com`;
    for (let tries = 0; tries < 20; tries++) {
      const server = live()[0];
      try {
        if (!server) throw new Error('no server up');
        if (!(await post(server, '/api/auth/login/send-code', { email })).ok) throw new Error('send-code');
        const verified = await (
          await post(server, '/api/auth/login/verify-code', { email, verificationCode: await codeFor(server, email) })
        ).json();
        if (verified.token)
          return { email, id: verified.user.id, token: verified.token, orders: [], records: [], shared: [], since: Date.now() };
      } catch {}
      await sleep(500);
    }
    report.count(report.failures, 'sign-in gave up');
    return undefined;
  };
  /** Deletes the account with the code from its mailbox; true once it is gone. */
  const deleteAccount = async (user: User) => {
    const server = live()[0];
    if (!server) return false;
    try {
      const sent = await post(server, '/api/account/deletion/send-code', {}, user.token);
      if (!sent.ok) throw new Error(String(sent.status));
      const deleted = await post(
        server,
        '/api/account/deletion/confirm',
        { verificationCode: await codeFor(server, user.email) },
        user.token,
      );
      if (!deleted.ok) throw new Error(String(deleted.status));
      return true;
    } catch (error) {
      report.count(report.failures, `delete account ${error instanceof Error ? error.message : 'network'}`);
      return false;
    }
  };
  return { call, signIn, deleteAccount, live };
}

type Client = ReturnType<typeof client>;
type Operation = [weight: number, name: string, run: (user: User) => Promise<void>];

/** Credits: spends, credit packs paid on the sandbox checkout, order refunds. */
function moneyOperations(api: Client, random: Random, seed: number): Operation[] {
  let spends = 0;
  return [
    [
      4,
      'spend',
      async (user) => {
        const amount = 1 + random.int(3);
        await api.call('spend', `/api/credits/consume?amount=${amount}&referenceId=soak-${seed}-${++spends}`, {
          method: 'POST',
          token: user.token,
        });
      },
    ],
    [
      2,
      'buy',
      async (user) => {
        const gateway = random.next() < 0.5 ? 'STRIPE' : 'PAYPAL';
        const order = await api.call('buy', '/api/v2/payment/create-credit-order', {
          method: 'POST',
          token: user.token,
          json: { packageId: 'pack_100', gateway },
        });
        const checkoutUrl = order.body.checkoutUrl;
        if (order.status !== 200 || typeof checkoutUrl !== 'string') return;
        const paid = await api.call('pay', new URL(checkoutUrl).pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'pay' }).toString(),
        });
        if (paid.status === 303) user.orders.push(order.body.orderId as string);
      },
    ],
    [
      1,
      'refund',
      async (user) => {
        const orderId = user.orders.shift();
        if (orderId) await api.call('refund', `/api/orders/${orderId}/refund`, { method: 'POST', token: user.token, json: {} });
      },
    ],
  ];
}

/** Images, sharing and account deletion. */
function soakOperations(
  api: Client,
  random: Random,
  seed: number,
  users: User[],
  images: { photo: Uint8Array; flat: Uint8Array },
): Operation[] {
  return [...imageOperations(api, random, images), ...sharingOperations(api, random, seed, users)];
}

/** A multipart form of text fields and PNG files. */
function form(entries: Record<string, string | Uint8Array>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, new Blob([value as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'photo.png');
  }
  return data;
}

/** Keeps a new creation's record for sharing later. */
function remember(user: User, body: Record<string, unknown>) {
  if (typeof body.recordId === 'string') user.records.push(body.recordId);
}

/** Pictures, batches and photo tools (some refused). */
function imageOperations(api: Client, random: Random, images: { photo: Uint8Array; flat: Uint8Array }): Operation[] {
  const picture = (count?: number) => ({
    prompt: `soak ${random.int(1000)}`,
    style: 'realistic',
    width: 512,
    height: 512,
    model: 'nano',
    ...(count ? { count } : {}),
  });
  return [
    [
      4,
      'picture',
      async (user) =>
        remember(user, (await api.call('picture', '/api/generate-image', { method: 'POST', token: user.token, json: picture() })).body),
    ],
    [
      2,
      'batch',
      async (user) => {
        const json = picture(2 + random.int(3));
        remember(user, (await api.call('batch', '/api/generate-image', { method: 'POST', token: user.token, json })).body);
      },
    ],
    [
      2,
      'tool',
      async (user) => {
        // A flat grey photo: the tool finds nothing to change and refuses it (the job fails and refunds).
        const refused = random.next() < 0.5;
        const body = form({
          prompt: 'Repaint this photo',
          style: 'artistic',
          toolId: 'oil-painting',
          images: refused ? images.flat : images.photo,
        });
        remember(
          user,
          (await api.call(refused ? 'tool refused' : 'tool', '/api/generate-image/edit', { method: 'POST', token: user.token, body })).body,
        );
      },
    ],
    [
      1,
      'upscale',
      async (user) => {
        const body = form({ image: images.photo, scaleFactor: '2', faceEnhancement: 'false' });
        await api.call('upscale', '/api/image-upscale/upload', { method: 'POST', token: user.token, body });
      },
    ],
    [
      1,
      'avatar',
      async (user) => {
        await api.call('avatar', '/api/users/me/avatar', { method: 'POST', token: user.token, body: form({ avatar: images.photo }) });
      },
    ],
  ];
}

/** Sharing and unsharing creations, and deleting the account (a new user takes its place). */
function sharingOperations(api: Client, random: Random, seed: number, users: User[]): Operation[] {
  return [
    [
      2,
      'share',
      async (user) => {
        const recordId = user.records.length ? random.pick(user.records) : undefined;
        if (!recordId) return;
        const res = await api.call('share', `/api/creation-records/${recordId}/share`, { method: 'PUT', token: user.token, json: {} });
        if (res.status === 200) user.shared.push(recordId);
      },
    ],
    [
      1,
      'unshare',
      async (user) => {
        const recordId = user.shared.shift();
        if (recordId) await api.call('unshare', `/api/creation-records/${recordId}/share`, { method: 'DELETE', token: user.token });
      },
    ],
    [
      0.5,
      'delete account',
      async (user) => {
        // The sign-in's code was mailed at most a minute ago: a deletion code waits out the resend interval.
        if (Date.now() - user.since < 61_000) return;
        if (!(await api.deleteAccount(user))) return;
        // A new user takes the deleted one's place.
        const index = users.indexOf(user);
        const next = await api.signIn(seed);
        if (next) users[index] = next;
        else users.splice(index, 1);
      },
    ],
  ];
}

/** The kills at random moments (each of a random process, started again at once) and one terminate-all halfway. */
async function chaos(options: {
  servers: Server[];
  env: Record<string, string>;
  databaseUrl: string;
  random: Random;
  report: Report;
  started: number;
  seconds: number;
  kills: number;
  log: (line: string) => void;
}) {
  const { servers, random, report, started, seconds } = options;
  const end = started + seconds * 1000;
  const killAt = Array.from({ length: options.kills }, () => started + (0.1 + 0.8 * random.next()) * seconds * 1000).sort();
  const at = () => `${Math.round((Date.now() - started) / 1000)} s`;
  // Halfway, whatever the kills are doing: what a PostgreSQL restart does to every open connection.
  const terminate = (async () => {
    await sleep(seconds * 500);
    const db = new pg.Client({ connectionString: options.databaseUrl });
    await db.connect();
    const result = await db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await db.end();
    report.terminatedBackends = result.rows.filter((row) => row.pg_terminate_backend).length;
    options.log(`soak: terminated ${report.terminatedBackends} backend connections at ${at()}`);
  })();
  while (Date.now() < end) {
    if (killAt.length && Date.now() >= killAt[0]!) {
      killAt.shift();
      const up = servers.filter((s) => s.up);
      const victim = random.pick(up.length ? up : servers);
      await kill(victim, 'SIGKILL');
      report.kills++;
      options.log(`soak: kill -9 of the server on ${victim.port} at ${at()}`);
      await sleep(random.int(2000));
      await startServer(victim, options.env);
      options.log(`soak: the server on ${victim.port} is back at ${at()}`);
    }
    await sleep(100);
  }
  await terminate;
}

async function soakImages() {
  const photo = new Uint8Array(
    await sharp(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url).pathname)
      .resize(128, 128)
      .png()
      .toBuffer(),
  );
  const flat = new Uint8Array(
    await sharp({ create: { width: 96, height: 96, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
  return { photo, flat };
}

function emptyReport(options: SoakOptions): Report {
  return {
    seed: options.seed,
    seconds: options.seconds,
    operations: {},
    failures: {},
    kills: 0,
    terminatedBackends: 0,
    jobs: {},
    claimedFilesSwept: 0,
    violations: [],
    count: (table, key) => {
      table[key] = (table[key] ?? 0) + 1;
    },
  };
}

/** A fresh database for one soak; the admin connection stays open to drop it afterwards. */
async function createSoakDatabase(adminUrl: string) {
  const name = `soak_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, admin, databaseUrl: url.toString() };
}

/** Picks an operation at random, each as often as its weight says. */
function weightedPicker(operations: Operation[], random: Random) {
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = random.next() * totalWeight;
    for (const operation of operations) {
      roll -= operation[0];
      if (roll < 0) return operation;
    }
    return operations[0]!;
  };
}

/** Runs the soak and answers its figures; never throws for a violation (the caller decides). */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? console.log;
  const random = rng(options.seed);
  const report = emptyReport(options);
  const { name, admin, databaseUrl } = await createSoakDatabase(options.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MAILER: 'dev',
    LOG_REQUESTS: 'false',
    ENGINE_THREADS: '1',
    ENGINE_PARALLELISM: '1',
    // Every request of the soak comes from this machine's address.
    LOGIN_CODE_MAX_PER_IP_HOUR: '100000',
  };
  const base = 19_100 + random.int(400);
  const servers: Server[] = [0, 1].map((i) => ({ port: base + i, url: `http://127.0.0.1:${base + i}`, up: false }));
  try {
    // One after the other: the first applies the migrations and the seed.
    for (const server of servers) await startServer(server, env);
    log(`soak: seed ${options.seed}, ${options.seconds} s, database ${name}, servers on ${servers.map((s) => s.port).join(', ')}`);
    const api = client(servers, random, report);
    const users: User[] = [];
    for (let i = 0; i < (options.users ?? 4); i++) {
      const user = await api.signIn(options.seed);
      if (user) users.push(user);
    }
    const operations = [
      ...moneyOperations(api, random, options.seed),
      ...soakOperations(api, random, options.seed, users, await soakImages()),
    ];
    const pickOperation = weightedPicker(operations, random);

    const started = Date.now();
    const end = started + options.seconds * 1000;
    const kills = Math.max(1, options.kills ?? Math.round(options.seconds / 30));
    const disorder = chaos({ servers, env, databaseUrl, random, report, started, seconds: options.seconds, kills, log });
    // Each user acts on their own, one operation at a time, until the time is up.
    await Promise.all(
      users.map(async (_, slot) => {
        while (Date.now() < end) {
          const user = users[slot];
          if (!user) return;
          const [, operation, run] = pickOperation();
          report.count(report.operations, operation);
          await run(user);
          await sleep(random.int(400));
        }
      }),
    );
    await disorder;
    await settleAndCheck(servers, env, databaseUrl, dataDir, report);
  } finally {
    for (const server of servers) await kill(server, 'SIGKILL');
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const { count: _, ...figures } = report;
  return figures;
}

/** Lets everything in line finish (a crashed run's job starts again once its lease lapses), stops the servers, checks. */
async function settleAndCheck(servers: Server[], env: Record<string, string>, databaseUrl: string, dataDir: string, report: Report) {
  for (const server of servers) if (!server.up) await startServer(server, env);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const settleUntil = Date.now() + 300_000;
    for (;;) {
      const { rows } = await db.query(`select count(*)::int as n from generation_jobs where status = 'PROCESSING'`);
      if (rows[0].n === 0 || Date.now() > settleUntil) break;
      await sleep(1000);
    }
    for (const server of servers) await kill(server, 'SIGTERM');
    report.claimedFilesSwept = await sweepClaims(databaseUrl, dataDir);
    report.violations.push(...(await checkInvariants(db, dataDir)));
    const jobs = await db.query(`select status, count(*)::int as n from generation_jobs group by status`);
    for (const row of jobs.rows) report.jobs[row.status] = row.n;
  } finally {
    await db.end();
  }
}

/**
 * The servers' own claim sweep (worker/services/files/file-claims.ts), run once they are stopped,
 * with no age: every claimed file (an upload, a result) a kill left behind is settled, as a server's
 * maintenance settles it ten minutes on. Only claimed files go; a file stored without a claim stays
 * and is reported.
 */
async function sweepClaims(databaseUrl: string, dataDir: string): Promise<number> {
  const { db, close } = openNodePostgres(databaseUrl, { max: 1 });
  try {
    return await sweepFileClaims({ db, blobs: createFilesystemBlobStore(blobDir(dataDir)) }, new Date(), 0);
  } finally {
    await close();
  }
}

/** Every file under `dir`, as keys relative to it. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

/** What a file no record names belongs to: its user (deleted or not) and, for a result, its job. */
async function whoseFile(db: pg.Client, key: string): Promise<string> {
  const [, userId, kind, name] = key.split('/');
  if (key.startsWith('public/avatars/')) return '';
  const user = await db.query(`select deleted_at from users where id = $1`, [userId]);
  const owner = !user.rows.length ? 'no user row' : user.rows[0].deleted_at ? 'user deleted' : 'user live';
  if (kind !== 'results') return ` (${owner})`;
  const job = await db.query(`select status, failure_code, attempt from generation_jobs where id = $1`, [name?.split('.')[0]]);
  const row = job.rows[0];
  return ` (${owner}; ${row ? `job ${row.status} ${row.failure_code ?? ''} after ${row.attempt} attempts` : 'no job row'})`;
}

/** The invariants, read with both servers stopped: one line per violation. */
export async function checkInvariants(db: pg.Client, dataDir: string): Promise<string[]> {
  const violations: string[] = [];
  // 1. For every user, per bucket: the cached balance is the sum of the ledger.
  const balances = await db.query(`
    select a.user_id, a.free_balance, a.paid_balance, a.subscription_balance,
      coalesce(sum(l.amount) filter (where l.bucket = 'free'), 0)::int as free,
      coalesce(sum(l.amount) filter (where l.bucket = 'paid'), 0)::int as paid,
      coalesce(sum(l.amount) filter (where l.bucket = 'subscription'), 0)::int as subscription
    from credit_accounts a left join credit_ledger l on l.user_id = a.user_id
    group by a.user_id, a.free_balance, a.paid_balance, a.subscription_balance`);
  for (const r of balances.rows)
    if (r.free_balance !== r.free || r.paid_balance !== r.paid || r.subscription_balance !== r.subscription)
      violations.push(
        `user ${r.user_id}: balance ${r.free_balance}/${r.paid_balance}/${r.subscription_balance} ≠ ledger ${r.free}/${r.paid}/${r.subscription}`,
      );
  const orphanLedger = await db.query(
    `select count(*)::int as n from credit_ledger l where not exists (select 1 from credit_accounts a where a.user_id = l.user_id)
       and exists (select 1 from users u where u.id = l.user_id and u.deleted_at is null)`,
  );
  if (orphanLedger.rows[0].n) violations.push(`${orphanLedger.rows[0].n} ledger rows of a live user without a credit account`);

  // 2. No job lost, none paid (or refunded) twice.
  const unfinished = await db.query(`select id, status from generation_jobs where status not in ('COMPLETED', 'FAILED')`);
  for (const r of unfinished.rows) violations.push(`job ${r.id} left ${r.status}`);
  const paid = await db.query(`
    select j.id, j.status, j.cost,
      (select coalesce(sum(-l.amount), 0)::int from credit_ledger l where l.user_id = j.user_id
         and l.movement_key = case when j.batch_id is null then 'job:' || j.id || ':debit' else 'batch:' || j.batch_id || ':debit' end) as debited,
      (select count(*)::int from credit_ledger l where l.user_id = j.user_id and l.movement_key = case when j.batch_id is null
         then 'refund:job:' || j.id || ':debit' else 'refund:batch:' || j.batch_id || ':debit:' || j.batch_index end) as refund_rows,
      (select coalesce(sum(l.amount), 0)::int from credit_ledger l where l.user_id = j.user_id and l.movement_key = case when j.batch_id is null
         then 'refund:job:' || j.id || ':debit' else 'refund:batch:' || j.batch_id || ':debit:' || j.batch_index end) as refunded,
      (select count(*)::int from generation_jobs b where b.batch_id = j.batch_id) as batch_size
    from generation_jobs j where j.cost > 0`);
  for (const r of paid.rows) {
    const expected = r.cost * (r.batch_size || 1);
    if (r.debited !== expected) violations.push(`job ${r.id}: debited ${r.debited}, expected ${expected}`);
    if (r.status === 'COMPLETED' && r.refunded !== 0) violations.push(`job ${r.id}: completed and refunded ${r.refunded}`);
    if (r.status === 'FAILED' && r.refunded !== r.cost) violations.push(`job ${r.id}: failed and refunded ${r.refunded} of ${r.cost}`);
  }

  // 3. Files: every stored result or upload is named by a record (an avatar by its profile); every
  // record's files exist; no upload claim is left once the claim sweep ran.
  const blobs = join(dataDir, 'blobs');
  const files = new Set(
    listFiles(blobs).filter((key) => (key.startsWith('users/') || key.startsWith('public/avatars/')) && !key.endsWith('.type')),
  );
  const named = new Set<string>();
  const records = await db.query(`
    select r.id, r.status, r.image_url, r.source_image_urls, r.deleted_at, u.deleted_at as user_deleted
    from creation_records r join users u on u.id = r.user_id`);
  const keyOf = (url: unknown) => (typeof url === 'string' && url.startsWith('/api/files/') ? url.slice('/api/files/'.length) : undefined);
  for (const r of records.rows) {
    const keys = [keyOf(r.image_url), ...((r.source_image_urls as unknown[] | null) ?? []).map(keyOf)].filter(
      (key): key is string => key !== undefined,
    );
    for (const key of keys) {
      named.add(key);
      if (!r.deleted_at && !r.user_deleted && !files.has(key)) violations.push(`record ${r.id} names a missing file ${key}`);
    }
  }
  const jobs = await db.query(`select id, image_url from generation_jobs where image_url is not null`);
  for (const r of jobs.rows) {
    const key = keyOf(r.image_url);
    if (key) named.add(key);
  }
  const avatars = await db.query(`select avatar_url from users where avatar_url is not null`);
  for (const r of avatars.rows) {
    const key = keyOf(r.avatar_url);
    if (key) named.add(key);
  }
  for (const key of files) if (!named.has(key)) violations.push(`file ${key} has no record${await whoseFile(db, key)}`);
  const claims = await db.query(`select key from file_claims`);
  for (const r of claims.rows) violations.push(`upload claim ${r.key} left after the sweep`);
  return violations;
}
