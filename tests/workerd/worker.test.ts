import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';
import sharp from 'sharp';
import { generateDevSigningPems, type DevSigningPems } from '@scripts/lib/dev-signing-credentials';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { unstable_dev, type Unstable_DevWorker } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '@db/seed';
import { migrateNodePostgres } from '@worker/adapters/db/migrate-node-postgres';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { TEST_ENV } from '../setup/test-app';
import { WORKER_BUNDLE_DIR } from './global-setup';

/**
 * The Worker running in workerd exactly as `npm run dev:worker` runs it (wrangler's dev server on
 * Miniflare, wrangler.toml bindings: assets with SPA fallback, R2, and Postgres through Hyperdrive. Database
 * tests need the PostgreSQL server (DATABASE_URL_TEST, set by `npm run test:integration` and CI);
 * PGlite cannot sit behind workerd (DESIGN.md §6).
 */
/** Built once for the suite by global-setup.ts. */
const OUT = WORKER_BUNDLE_DIR;
const serverUrl = process.env.DATABASE_URL_TEST;
let worker: Unstable_DevWorker;
let dbName: string | undefined;
let dbUrl: string | undefined;
let engineService: ChildProcess | undefined;
let signing: DevSigningPems;
const ENGINE_SECRET = 'workerd-engine-secret-0123456789abcdef';

/**
 * The engine service (worker/engine/service.ts) as a local Node process, as it runs in its container:
 * the Worker reaches the offline engine only through it, with signed requests.
 */
async function startEngineService(signing: DevSigningPems): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  engineService = spawn(process.execPath, ['--import', 'tsx', 'worker/engine/service.ts'], {
    env: {
      ...process.env,
      ENGINE_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENGINE_THREADS: '1',
      // The engine service signs every output's Content Credentials, as in production (the Container gets the Worker's secrets).
      C2PA_SIGNING_KEY: signing.privateKeyPem,
      C2PA_CERTIFICATE_CHAIN: signing.chainPem,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    engineService!.once('exit', (code) => reject(new Error(`engine service exited (${code})`)));
    engineService!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('engine service listening')) resolve();
    });
  });
  return `http://127.0.0.1:${port}`;
}

async function createDatabase(url: string) {
  const name = `w_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Hyperdrive's local connection string must carry a password; trust auth ignores it.
  target.password ||= 'local';
  await migrateNodePostgres(target.toString());
  const { db, close } = openNodePostgres(target.toString());
  await seedDatabase(db);
  await close();
  return { name, url: target.toString() };
}

beforeAll(async () => {
  const database = serverUrl ? await createDatabase(serverUrl) : undefined;
  dbName = database?.name;
  dbUrl = database?.url;
  // Without a server the binding points at a closed port: the Worker still runs, the database is down.
  process.env.CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE = database?.url ?? 'postgres://postgres:local@127.0.0.1:9/none';
  signing = await generateDevSigningPems();
  const engineUrl = await startEngineService(signing);
  worker = await unstable_dev('worker/index.ts', {
    config: 'wrangler.toml',
    env: 'dev',
    vars: {
      ...TEST_ENV,
      RATE_LIMITER: 'postgres',
      PUBLIC_URL: 'http://localhost',
      IMAGE_ENGINE_URL: engineUrl,
      IMAGE_ENGINE_SECRET: ENGINE_SECRET,
      GOOGLE_CLIENT_ID: 'workerd-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'workerd-client-secret',
    } as Record<string, string>,
    logLevel: 'error',
    experimental: { disableExperimentalWarning: true },
  });
});

afterAll(async () => {
  await worker?.stop();
  engineService?.kill('SIGTERM');
  if (serverUrl && dbName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('Worker bundle', () => {
  it('leaves Node-only adapters out and stays small', () => {
    const bundle = readFileSync(`${OUT}/index.js`);
    const text = bundle.toString('utf8');
    for (const nodeOnly of ['@electric-sql/pglite', 'node:fs/promises', 'sharp']) {
      expect(text.includes(`from "${nodeOnly}"`), `${nodeOnly} in the Worker bundle`).toBe(false);
    }
    expect(gzipSync(bundle).length).toBeLessThan(1024 * 1024);
  });

  it('serves index.html for SPA routes from the assets binding', async () => {
    for (const path of ['/', '/pricing', '/personal-center/credits']) {
      const res = await worker.fetch(`${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toMatch(/<div id="root">/);
    }
  });
});

describe.skipIf(!serverUrl)('Worker on PostgreSQL through Hyperdrive', () => {
  it('reports health with a database round trip', async () => {
    const res = await worker.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('serves the prebuilt OpenAPI document with its own version, and carries no generator', async () => {
    const res = await worker.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const document = (await res.json()) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('dev');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/credits/consume', '/api/openapi.json']));
    // A word only @asteasolutions/zod-to-openapi's generator has (wrangler.toml [alias]).
    expect(readFileSync(`${OUT}/index.js`, 'utf8')).not.toContain('alphabetically');
  });

  it('starts Google sign-in with a PKCE challenge that is the SHA-256 of the verifier it stored', async () => {
    const res = await worker.fetch('/api/auth/google/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { authorizationUrl: string }).authorizationUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const { rows } = await db.query<{ code_verifier: string }>('select code_verifier from oauth_flows where state = $1', [
      url.searchParams.get('state'),
    ]);
    await db.end();
    // arctic hashes with @oslojs/crypto's SHA-256, which the Worker build takes alone (wrangler.toml [alias]).
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(rows[0]!.code_verifier).digest('base64url'));
  });

  it('answers unknown API routes with the JSON error model', async () => {
    const res = await worker.fetch('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('signs in with an e-mail code read from the dev mailbox', async () => {
    const email = 'worker@example.com';
    const sent = await worker.fetch('/api/auth/login/send-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(sent.status).toBe(200);
    const mailbox = (await (await worker.fetch(`/api/dev/mailbox?email=${email}`)).json()) as { messages: { text: string }[] };
    const code = mailbox.messages[0]!.text.match(/\b(\d{6})\b/)![1];
    const verified = await worker.fetch('/api/auth/login/verify-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, verificationCode: code }),
    });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    const me = await worker.fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ email, emailVerified: true });
  });

  it('registers with a password (scrypt in workerd) and buys a pack through the sandbox checkout (signed webhook)', async () => {
    const json = { 'content-type': 'application/json' };
    const registered = await worker.fetch('/api/auth/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Worker Buyer', email: 'buyer@worker.example', password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(200);
    const { token } = (await registered.json()) as { token: string };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const login = await worker.fetch('/api/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'buyer@worker.example', password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);

    const created = await worker.fetch('/api/v2/payment/create-credit-order', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ packageId: 'pack_100', gateway: 'STRIPE' }),
    });
    const { orderId, checkoutUrl } = (await created.json()) as { orderId: string; checkoutUrl: string };
    const page = new URL(checkoutUrl).pathname;
    expect(await (await worker.fetch(page)).text()).toContain('Pay');
    const paid = await worker.fetch(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/payment/stripe/success?orderId=${orderId}`);
    const status = await worker.fetch(`/api/v2/payment/order/${orderId}/status`, { headers: auth });
    expect(await status.json()).toMatchObject({ status: 'PAID', creditsAdded: 100 });
    const balance = await worker.fetch('/api/credits/balance', { headers: auth });
    expect(await balance.json()).toMatchObject({ paid: 100 });
  });

  it('answers anonymous public reads from the Cache API once stored, with the ETag revalidating to a 304', async () => {
    // Miniflare keeps its cache between runs (.wrangler/state): a fresh key per run.
    const path = `/api/public/pricing/all?run=${crypto.randomUUID()}`;
    const first = await worker.fetch(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBeNull();
    const etag = first.headers.get('etag')!;
    const body = await first.json();
    // The store runs in waitUntil after the first answer: poll briefly for the hit.
    let hit: Awaited<ReturnType<typeof worker.fetch>> | undefined;
    for (let i = 0; i < 20 && hit?.headers.get('x-cache') !== 'HIT'; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 100));
      hit = await worker.fetch(path);
    }
    expect(hit!.headers.get('x-cache')).toBe('HIT');
    expect(hit!.headers.get('x-request-id')).toBeNull();
    expect(await hit!.json()).toEqual(body);
    const revalidated = await worker.fetch(path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    // Languages are stored apart (the edge cache ignores Vary).
    const zh = await worker.fetch(`${path}&lang=zh-Hant`);
    expect(zh.headers.get('x-cache')).toBeNull();
    expect(await zh.json()).not.toEqual(body);
  });

  it('re-encodes an avatar through the local Images binding and stores it in R2', async () => {
    const json = { 'content-type': 'application/json' };
    const email = 'avatar@worker.example';
    await worker.fetch('/api/auth/login/send-code', { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    const mailbox = (await (await worker.fetch(`/api/dev/mailbox?email=${email}`)).json()) as { messages: { text: string }[] };
    const code = mailbox.messages[0]!.text.match(/\b(\d{6})\b/)![1];
    const verified = await worker.fetch('/api/auth/login/verify-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, verificationCode: code }),
    });
    const { token } = (await verified.json()) as { token: string };
    const source = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(source)], 'me.png', { type: 'image/png' }));
    const multipart = new Response(form);
    const uploaded = await worker.fetch('/api/users/me/avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': multipart.headers.get('content-type')! },
      body: new Uint8Array(await multipart.arrayBuffer()),
    });
    const body = (await uploaded.json()) as { avatar: string };
    expect(uploaded.status, JSON.stringify(body)).toBe(200);
    const stored = await worker.fetch(body.avatar, { headers: { authorization: `Bearer ${token}` } });
    expect(stored.status).toBe(200);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('spends credits in one statement over Hyperdrive, idempotent on the reference', async () => {
    const json = { 'content-type': 'application/json' };
    const email = 'spender@worker.example';
    await worker.fetch('/api/auth/login/send-code', { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    const mailbox = (await (await worker.fetch(`/api/dev/mailbox?email=${email}`)).json()) as { messages: { text: string }[] };
    const code = mailbox.messages[0]!.text.match(/\b(\d{6})\b/)![1];
    const verified = await worker.fetch('/api/auth/login/verify-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, verificationCode: code }),
    });
    const { token } = (await verified.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const spends = await Promise.all(
      [1, 2, 3, 3].map((n) => worker.fetch(`/api/credits/consume?amount=5&referenceId=w-${n}`, { method: 'POST', headers: auth })),
    );
    expect(spends.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const balance = (await (await worker.fetch('/api/credits/balance', { headers: auth })).json()) as { available: number; used: number };
    expect(balance).toMatchObject({ available: 5, used: 15 });
    const refused = await worker.fetch('/api/credits/consume?amount=6&referenceId=w-4', { method: 'POST', headers: auth });
    expect(refused.status).toBe(402);
  });

  it('upscales 2× end to end through the engine service: exactly twice the size, charged once', async () => {
    const json = { 'content-type': 'application/json' };
    // E-mail code sign-in: a new account gets the new-user bonus (20 credits).
    const email = 'upscale@worker.example';
    await worker.fetch('/api/auth/login/send-code', { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    const mailbox = (await (await worker.fetch(`/api/dev/mailbox?email=${email}`)).json()) as { messages: { text: string }[] };
    const code = mailbox.messages[0]!.text.match(/\b(\d{6})\b/)![1];
    const verified = await worker.fetch('/api/auth/login/verify-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, verificationCode: code }),
    });
    const { token } = (await verified.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const source = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#2a7ab0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new File([new Uint8Array(source)], 'photo.png', { type: 'image/png' }));
    form.append('scaleFactor', '2');
    // Encoded here: wrangler's fetch carries its own undici, which does not recognise Node's FormData.
    const multipart = new Response(form);
    const started = await worker.fetch('/api/image-upscale/upload', {
      method: 'POST',
      headers: { ...auth, 'content-type': multipart.headers.get('content-type')! },
      body: new Uint8Array(await multipart.arrayBuffer()),
    });
    const body = (await started.json()) as { id: string };
    expect(started.status, JSON.stringify(body)).toBe(200);
    const { id } = body;

    let status: { status: string; imageUrl: string | null; width: number | null } = { status: 'PROCESSING', imageUrl: null, width: null };
    for (let i = 0; i < 60 && status.status === 'PROCESSING'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await (await worker.fetch(`/api/image-upscale/status/${id}`, { headers: auth })).json()) as typeof status;
    }
    expect(status).toMatchObject({ status: 'COMPLETED', width: 180 });
    const image = await worker.fetch(status.imageUrl!);
    expect(image.status).toBe(200);
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 180, height: 120 });
    // Content Credentials the Worker had the engine service sign: valid, trusted under the configured root, an edit of the upload.
    initSync({ module: readFileSync(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
    const settings = JSON.stringify({ trust: { user_anchors: signing.rootPem }, verify: { verify_trust: true } });
    const store = JSON.parse((await WasmReader.fromBytes('image/png', bytes, settings)).json());
    expect(store.validation_state).toBe('Trusted');
    expect(JSON.stringify(store.manifests[store.active_manifest].assertions)).toContain('c2pa.edited');
    const balance = (await (await worker.fetch('/api/credits/balance', { headers: auth })).json()) as { available: number };
    expect(balance.available).toBe(18);
  });
});
