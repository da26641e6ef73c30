import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import pg from 'pg';
import { createEmbeddedApp } from '@scripts/lib/embedded-deps';
import { createConsoleLogger } from '@worker/adapters/runtime/console-logger';
import { loadConfig, type ConfigInput } from '@worker/env';
import { buildOpenApiDocument } from '@worker/openapi/document';
import type { Clock } from '@worker/ports';
import type { ImageEngines } from '@worker/services/generation/engine';

export const TEST_ENV: ConfigInput = {
  APP_ENV: 'test',
  JWT_KEYS: 'test1:0123456789abcdef0123456789abcdef-test-key',
  AUTH_SECRET: 'test-auth-secret-0123456789abcdef0123',
  QSTASH_CURRENT_SIGNING_KEY: 'sig_test_current_0123456789',
  QSTASH_NEXT_SIGNING_KEY: 'sig_test_next_0123456789abcd',
  PAYMENTS_SANDBOX_SECRET: 'whsec_test_sandbox_0123456789',
  // A cheap scrypt work factor: production's (15) costs ~0.1-0.5 s per hash; passwords.test.ts checks it.
  PASSWORD_KDF_LOG_N: '4',
};

/**
 * Every JSON answer an API test sees is checked against the generated OpenAPI document: its status
 * must be documented for the operation and its body must match that response's schema, or the
 * request throws (failing the test that made it). Operations absent from the document are skipped.
 */
export function responseChecker() {
  const document = buildOpenApiDocument({ version: 'test' }) as {
    paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' } as object);
  const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
  const templates = Object.keys(document.paths ?? {}).map((template) => ({
    template,
    // Literal segments before parameters, so /api/orders/user beats /api/orders/{id}.
    literal: template.split('/').filter((part) => !part.startsWith('{')).length,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    // A file's key spans slashes (`/api/files/{key}`): tried for binary answers when nothing else matches.
    spanning: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '.+')}$`),
  }));
  const compiled = new Map<string, ValidateFunction>();
  return async (method: string, url: string, res: Response) => {
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const binary = /^(image|audio|video)\/|^application\/(zip|pdf|octet-stream)$/.test(mediaType);
    if (!/json/i.test(mediaType) && !binary) return;
    const path = new URL(url).pathname;
    const byLiterals = (a: { literal: number }, b: { literal: number }) => b.literal - a.literal;
    const match =
      templates.filter((t) => t.pattern.test(path)).sort(byLiterals)[0] ??
      (binary ? templates.filter((t) => t.spanning.test(path)).sort(byLiterals)[0] : undefined);
    const operation = match && document.paths?.[match.template]?.[method.toLowerCase()];
    if (!match || !operation) return;
    const where = `${method} ${match.template} → ${res.status}`;
    if (!operation.responses?.[String(res.status)]) throw new Error(`OpenAPI: ${where} is not a documented status`);
    if (binary) {
      // A file's bytes are not checked, but its media type must be one the answer documents (`image/*` covers any image).
      const documented = Object.keys((operation.responses[String(res.status)] as { content?: object }).content ?? {});
      const covered = documented.some((type) => type === mediaType || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))));
      if (!covered) throw new Error(`OpenAPI: ${where} answers ${mediaType}, documented: ${documented.join(', ') || 'none'}`);
      return;
    }
    const pointer = `openapi.json#/paths/${pointerPart(match.template)}/${method.toLowerCase()}/responses/${res.status}/content/application~1json/schema`;
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: pointer });
      compiled.set(pointer, validate);
    }
    const body = await res.clone().json();
    if (!validate(body))
      throw new Error(`OpenAPI: ${where} body does not match: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 400)}`);
  };
}
let checkResponse: ReturnType<typeof responseChecker> | undefined;

/** A clock tests can move, so expiry and resend windows are tested without sleeping. */
export function manualClock(start = new Date('2026-11-22T10:00:00Z')): Clock & { advance(seconds: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds) => {
      now += seconds * 1000;
    },
  };
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new database on the server
 * named by DATABASE_URL_TEST (dropped on close), so test files never see each other's rows.
 */
export async function createTestApp(options: { env?: ConfigInput; clock?: Clock; images?: ImageEngines } = {}) {
  const blobRoot = mkdtempSync(join(tmpdir(), 'studio-blobs-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (serverUrl) {
    const name = `t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, ...options.env });
  const embedded = await createEmbeddedApp({
    config,
    inMemoryDb: true,
    blobRoot,
    clock: options.clock,
    images: options.images,
    queueBackoffMs: () => 5,
    log: createConsoleLogger({ quiet: true }),
  });

  const request = async (path: string, init: RequestInit & { json?: unknown; token?: string; ip?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    // The client address comes from the socket (worker/http/client-ip.ts): hand the app one, as the Node server does.
    const socket = { remoteAddress: init.ip ?? '203.0.113.7', localPort: config.PORT };
    // Addressed as a browser on this machine would address `npm start` (links built from it say localhost:PORT).
    const url = path.startsWith('/') ? `http://localhost:${config.PORT}${path}` : path;
    const method = init.method ?? 'GET';
    const res = await embedded.app.request(
      url,
      { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body },
      { incoming: { socket } },
    );
    checkResponse ??= responseChecker();
    await checkResponse(method, url, res);
    return res;
  };

  /** Signs in through the real e-mail-code flow, reading the code from the dev mailbox; from `ip`, else the default client. */
  const signIn = async (email: string, ip?: string) => {
    const sent = await request('/api/auth/login/send-code', { method: 'POST', ip, json: { email } });
    if (sent.status !== 200) throw new Error(`send-code failed: ${sent.status} ${await sent.text()}`);
    const code = latestCode(email);
    const verified = await request('/api/auth/login/verify-code', { method: 'POST', ip, json: { email, verificationCode: code } });
    if (verified.status !== 200) throw new Error(`verify-code failed: ${verified.status} ${await verified.text()}`);
    return (await verified.json()) as { token: string; user: { id: string; email: string; name: string } };
  };

  const latestCode = (email: string) => {
    const [message] = embedded.deps.devMailbox!.list(email);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the mailbox of ${email}`);
    return code;
  };

  return {
    ...embedded,
    config,
    request,
    signIn,
    latestCode,
    async close() {
      await embedded.close();
      await dropDatabase();
      rmSync(blobRoot, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
