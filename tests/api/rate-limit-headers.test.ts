import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@worker/openapi/document';
import { createTestApp, type TestApp } from '../setup/test-app';

// The RateLimit fields of draft-ietf-httpapi-ratelimit-headers: what a client needs to slow down
// before it is refused, and to know when to come back after.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_CODE_MAX_PER_IP_HOUR: '2', CORS_ORIGINS: 'https://partner.example' } });
});
afterAll(() => t.close());

const sendCode = (email: string, headers?: HeadersInit) =>
  t.request('/api/auth/login/send-code', { method: 'POST', json: { email }, ip: '198.51.100.20', headers });

describe('RateLimit and RateLimit-Policy', () => {
  it('state every rule a limited request was counted against, and the 429 says the quota is spent', async () => {
    const first = await sendCode('limits-a@example.com');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe(
      '"login-code:ip";q=2;w=3600, "login-code:email-ip";q=6;w=3600, "login-code:email";q=20;w=3600',
    );
    expect(first.headers.get('ratelimit')).toMatch(
      /^"login-code:ip";r=1;t=3600, "login-code:email-ip";r=5;t=3600, "login-code:email";r=19;t=3600$/,
    );

    expect((await sendCode('limits-b@example.com')).status).toBe(200);
    const refused = await sendCode('limits-c@example.com');
    expect(refused.status).toBe(429);
    // Refused at the first rule: the others were never counted, so only it is named.
    expect(refused.headers.get('ratelimit-policy')).toBe('"login-code:ip";q=2;w=3600');
    expect(refused.headers.get('ratelimit')).toBe('"login-code:ip";r=0;t=3600');
    expect(refused.headers.get('retry-after')).toBe('3600');
    // Nothing of the counted subject (address, IP) leaves the server in the policy names.
    expect(`${refused.headers.get('ratelimit')}${first.headers.get('ratelimit')}`).not.toMatch(/example\.com|198\.51/);
  });

  it('are absent where no limiter counted', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBeNull();
  });

  it('can be read by an allowed other origin, with Retry-After and the request id', async () => {
    const res = await sendCode('limits-d@example.com', { origin: 'https://partner.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit', 'ratelimit-policy', 'retry-after', 'x-request-id']));
  });

  it('are documented on every 429 answer of the OpenAPI document', () => {
    const document = buildOpenApiDocument({ version: 'test' }) as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const refusals = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation.responses?.['429'] ? [operation.responses['429']] : [])),
    );
    expect(refusals.length).toBeGreaterThan(5);
    for (const refused of refusals)
      expect(Object.keys(refused.headers ?? {})).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']));
  });
});
