import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { writeSystemConfig } from '../services/config/system-config';
import { updateCreditSystemConfig } from '../services/config/credit-system-config';

/** public reads are served from an in-process cache with an ETag, and a change clears it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = () => (t.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;

describe('public reads', () => {
  it('pricing and showcase: a repeat costs no query, and If-None-Match gets a 304 with no body', async () => {
    for (const path of ['/api/public/pricing/all', '/api/showcase/images?page=0&limit=12']) {
      const first = await t.request(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
      const body = await first.json();

      const spy = vi.spyOn(client(), 'query');
      const again = await t.request(path);
      expect(await again.json()).toEqual(body);
      const revalidated = await t.request(path, { headers: { 'if-none-match': etag } });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it('models and referral info: cached after the first read, 304 on revalidation, unknown codes never cached', async () => {
    const { token } = await t.signIn('public-reads@example.com');
    const { code } = await (await t.request('/api/referral/link', { token })).json();
    for (const path of ['/api/generate-image/models', `/api/referral/info/${code}`]) {
      const first = await t.request(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
      const etag = first.headers.get('etag')!;
      const body = await first.json();
      expect(body.success).toBe(true);

      const spy = vi.spyOn(client(), 'query');
      const again = await t.request(path);
      expect(again.headers.get('content-type')).toMatch(/application\/json/);
      expect(await again.json()).toEqual(body);
      expect((await t.request(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    for (let i = 0; i < 2; i++) {
      const unknown = await t.request('/api/referral/info/NOSUCHCODE');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('etag')).toBeNull();
    }
    // A bad token on a public read is still refused (the cache sits behind authentication).
    expect((await t.request('/api/generate-image/models', { token: 'not-a-token' })).status).toBe(401);
  });

  it('a hit answered by URL before the route sends the headers the route sent, and no query', async () => {
    const varying = new Set(['x-request-id', 'traceparent']);
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => !varying.has(name));
    for (const path of ['/api/showcase/images?page=1&limit=5', '/api/public/pricing/all?lang=zh-Hant']) {
      const first = await t.request(path, { headers: { 'accept-language': 'zh-TW' } });
      const spy = vi.spyOn(client(), 'query');
      const hit = await t.request(path, { headers: { 'accept-language': 'zh-TW' } });
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
      expect(hit.status).toBe(200);
      expect(headersOf(hit)).toEqual(headersOf(first));
      expect(headersOf(hit).map(([name]) => name)).toEqual(expect.arrayContaining(['etag', 'vary', 'cache-control', 'x-frame-options']));
      expect(hit.headers.get('x-request-id')).toBeTruthy();
      expect(await hit.text()).toBe(await first.text());
    }
  });

  it('a revalidation answered by URL before the route sends the route’s 304 headers', async () => {
    const varying = new Set(['x-request-id', 'traceparent']);
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => !varying.has(name));
    const path = '/api/showcase/images?page=2&limit=3';
    const { etag } = Object.fromEntries((await t.request(path)).headers);
    // The route's own 304: a token-bearing request is not answered by URL (and the showcase ignores who asks).
    const { token } = await t.signIn('revalidate@example.com');
    const viaRoute = await t.request(path, { token, headers: { 'if-none-match': etag! } });
    const byUrl = await t.request(path, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect([viaRoute.status, byUrl.status]).toEqual([304, 304]);
    expect(headersOf(byUrl)).toEqual(headersOf(viaRoute));
    expect(byUrl.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  });

  it('a caller’s trace names the request on a hit as on any answer', async () => {
    const path = '/api/public/pricing/all';
    await t.request(path);
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const hit = await t.request(path, { headers: { traceparent: `00-${trace}-00f067aa0ba902b7-01` } });
    expect(hit.headers.get('x-request-id')).toBe(trace);
    expect(hit.headers.get('traceparent')).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`));
  });

  it('languages are cached apart, by ?lang and by Accept-Language', async () => {
    const zh = await (await t.request('/api/public/pricing/all', { headers: { 'accept-language': 'zh-TW' } })).json();
    expect(await (await t.request('/api/public/pricing/all')).json()).not.toEqual(zh);
    expect(await (await t.request('/api/public/pricing/all', { headers: { 'accept-language': 'zh-TW' } })).json()).toEqual(zh);
  });

  it('languages are cached apart', async () => {
    const en = await (await t.request('/api/public/pricing/all')).json();
    const zh = await (await t.request('/api/public/pricing/all?lang=zh-Hant')).json();
    expect(en).not.toEqual(zh);
  });

  it('an admin config change is visible on the next read, a write behind its back only after the TTL', async () => {
    expect(await (await t.request('/api/system/config/registration-bonus')).json()).toEqual({ success: true, data: 20 });
    await writeSystemConfig(t.deps.db, 'newUserBonus', 25);
    // Another process changed it: this one may serve the cached value until the TTL (max-age) passes.
    expect(await (await t.request('/api/system/config/registration-bonus')).json()).toEqual({ success: true, data: 20 });
    await updateCreditSystemConfig(t.deps, { newUserBonus: 35 });
    expect(await (await t.request('/api/system/config/registration-bonus')).json()).toEqual({ success: true, data: 35 });
  });
});
