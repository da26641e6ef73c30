import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import type { ConfigInput } from '@worker/env';
import { serveNode, type NodeServerOptions } from './node-server';

/**
 * The Node server over a real socket: what the client sends in headers is its word, the socket is
 * the truth.
 */
let t: TestApp | undefined;
let server: ReturnType<typeof serveNode> | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await t?.close();
  server = t = undefined;
});

async function start(env: ConfigInput = {}, options: Partial<NodeServerOptions> = {}) {
  t = await createTestApp({ env });
  const listening = new Promise<void>((resolve) => {
    server = serveNode(t!.app, {
      port: 0,
      hostname: '127.0.0.1',
      trustProxy: t!.config.TRUST_PROXY,
      ...options,
      onListen: () => resolve(),
    });
  });
  await listening;
  return (server!.address() as AddressInfo).port;
}

/** node:http, because fetch will not send a Host header of our choosing. */
function call(port: number, path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sendCode = (port: number, email: string, headers: Record<string, string>) =>
  call(port, '/api/auth/login/send-code', { method: 'POST', headers, body: { email } }).then((r) => r.status);

const spoofs = (i: number): Record<string, string> => ({
  'cf-connecting-ip': `198.51.100.${i}`,
  'x-client-ip': `203.0.113.${i}`,
  'x-forwarded-for': `192.0.2.${i}`,
  'x-real-ip': `192.0.2.${200 - i}`,
  'true-client-ip': `10.0.0.${i}`,
});

describe('client address', () => {
  it('limits 35 send-codes from one socket however the address headers are spoofed', async () => {
    const port = await start();
    const statuses: number[] = [];
    for (let i = 1; i <= 35; i++) statuses.push(await sendCode(port, `spoof${i}@example.com`, spoofs(i)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(30); // LOGIN_CODE_MAX_PER_IP_HOUR
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  }, 120_000);

  it('with TRUST_PROXY=x-forwarded-for keys on the right-most hop (the one the proxy appended)', async () => {
    const port = await start({ TRUST_PROXY: 'x-forwarded-for', LOGIN_CODE_MAX_PER_IP_HOUR: '3' });
    // A client prepending hops does not escape: the proxy's own hop is the same.
    const sameClient = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        sendCode(port, `xff${i}@example.com`, { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.77`, 'cf-connecting-ip': `10.1.1.${i}` }),
      ),
    );
    expect(sameClient.sort()).toEqual([200, 200, 200, 429]);
    // Another client (another right-most hop) has its own budget.
    expect(await sendCode(port, 'other@example.com', { 'x-forwarded-for': '198.51.100.78' })).toBe(200);
  });
});

describe('links on the port the server really listens on', () => {
  let token: string | undefined;
  async function referralLink(port: number, host: string) {
    token ??= (await t!.signIn('links@example.com')).token;
    const res = await call(port, '/api/referral/link', { headers: { host, authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { link: string }).link;
  }

  afterEach(() => {
    token = undefined;
  });

  it('keeps 127.0.0.1 as 127.0.0.1 and never reflects a foreign Host (PORT != 8787, no PUBLIC_URL)', async () => {
    const port = await start();
    expect(port).not.toBe(8787);
    expect(await referralLink(port, `127.0.0.1:${port}`)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/login\\?ref=`));
    expect(await referralLink(port, `localhost:${port}`)).toMatch(new RegExp(`^http://localhost:${port}/login\\?ref=`));
    expect(await referralLink(port, 'evil.example')).toMatch(new RegExp(`^http://localhost:${port}/login\\?ref=`));
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const port = await start({ PUBLIC_URL: 'https://studio.example.com' });
    expect(await referralLink(port, `127.0.0.1:${port}`)).toMatch(/^https:\/\/studio\.example\.com\/login\?ref=/);
  });
});

describe('a body too large', () => {
  it('answers 413 without breaking the next request on a keep-alive agent', async () => {
    const port = await start();
    const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1 });
    try {
      const big = await undiciRequest(`http://127.0.0.1:${port}/api/auth/login/send-code`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.headers.connection).toBe('close');
      await big.body.text();
      // One connection: the next request goes on the same agent, over that socket or a fresh one.
      for (let i = 0; i < 3; i++) {
        const next = await undiciRequest(`http://127.0.0.1:${port}/api/health`, { dispatcher: agent });
        expect(next.statusCode).toBe(200);
        await next.body.text();
      }
    } finally {
      await agent.close();
    }
  });
});
