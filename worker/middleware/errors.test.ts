import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../http/hono-env';
import { onError } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

function appThrowing(error: unknown) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', { log } as never);
    c.set('requestId', 'req-1');
    await next();
  });
  app.get('/', () => {
    throw error;
  });
  app.onError(onError);
  return { app, log };
}

describe('onError', () => {
  it('answers a lost database connection 503 with Retry-After, in the caller language, and logs a warning', async () => {
    // As Drizzle throws it: the driver's error (a terminated backend) in `cause`.
    const lost = new Error('Failed query: select 1', { cause: withCode('terminating connection due to administrator command', '57P01') });
    const { app, log } = appThrowing(lost);
    const res = await app.request('/', { headers: { 'accept-language': 'zh-Hant' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: '服務暫時無法使用，請稍後再試' });
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('still answers a bug 500 without its text, logged as an error', async () => {
    const { app, log } = appThrowing(new TypeError("Cannot read properties of undefined (reading 'id')"));
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('properties');
    expect(log.error).toHaveBeenCalledOnce();
  });
});
