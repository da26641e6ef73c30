import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../http/hono-env';
import { ServiceError } from '../contract/errors';
import { MESSAGES, PARAM_SENT, say } from '../contract/messages';
import { notFound, onError } from './errors';

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

  it('sends the message id and its parameters beside the text, in both languages', async () => {
    const { app } = appThrowing(new ServiceError('RESEND_TOO_SOON', say('resendTooSoon', { seconds: 42 }), { retryAfter: 42 }));
    for (const [language, message] of [
      ['en', 'Please wait 42 seconds before requesting a new code'],
      ['zh-Hant', '請等待 42 秒後再索取新的驗證碼'],
    ]) {
      const body = (await (await app.request('/', { headers: { 'accept-language': language! } })).json()) as { error: object };
      expect(body.error).toEqual({ code: 'RESEND_TOO_SOON', id: 'resendTooSoon', params: { seconds: 42 }, message, retryAfter: 42 });
    }
  });

  it("never sends the caller's own text as a parameter: it stays in the rendered message only", async () => {
    const MARK = 'MARK-caller-text';
    const { app } = appThrowing(new ServiceError('VALIDATION_FAILED', say('editOfflineCannotDo', { part: MARK }), { field: 'prompt' }));
    const body = (await (await app.request('/')).json()) as { error: { id: string; params: object; message: string } };
    expect(body.error).toMatchObject({ id: 'editOfflineCannotDo', params: {} });
    expect(body.error.message).toContain(MARK);
    const lost = new Hono<AppEnv>();
    lost.notFound(notFound);
    const route = (await (await lost.request(`/api/${MARK}`)).json()) as { error: { id: string; params: object } };
    expect(route.error).toEqual(expect.objectContaining({ id: 'noRoute', params: {} }));
  });

  it('bounds a field name sent as a parameter like the field itself', async () => {
    const key = 'k'.repeat(500);
    const { app } = appThrowing(new ServiceError('VALIDATION_FAILED', say('fieldNotAllowed', { field: key }), { field: key }));
    const body = (await (await app.request('/')).json()) as { error: { field: string; params: { field: string } } };
    expect(body.error.params.field).toBe(body.error.field);
    expect(body.error.params.field.length).toBeLessThan(key.length);
  });

  it('classifies every parameter name a message uses', () => {
    const names = Object.values(MESSAGES).flatMap((texts) => [...texts.en.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]!));
    expect(names.filter((name) => !Object.hasOwn(PARAM_SENT, name))).toEqual([]);
  });
});
