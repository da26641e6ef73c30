import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleLogger } from '@worker/adapters/runtime/console-logger';
import type { AppEnv } from '@worker/http/hono-env';
import { onError } from '@worker/middleware/errors';
import { validate } from '@worker/lib/validate';
import * as z from 'zod';
import { expectConsoleError } from '../setup/fail-on-console-error';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('text@example.com'));
});
afterAll(() => t.close());

const expectRefused = async (res: Response, field: string) => {
  expect(res.status, `${field}: ${res.status}`).toBe(400);
  expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', field });
};

describe('text fields refuse control characters and broken Unicode (one check in validate)', () => {
  it('json: NUL, lone surrogates and line breaks in single-line fields are a 400 naming the field', async () => {
    const register = (name: string) =>
      t.request('/api/auth/register', {
        method: 'POST',
        json: { name, email: `r${Math.random()}@example.com`, password: 'correct horse 42' },
      });
    await expectRefused(await register('nul\u0000name'), 'name');
    await expectRefused(await register('lone \ud800 surrogate'), 'name');
    await expectRefused(await register('two\nlines'), 'name');
    await expectRefused(await t.request('/api/users/me', { method: 'PUT', token, json: { name: 'esc\u001b[31m' } }), 'name');
    await expectRefused(
      await t.request('/api/auth/login', { method: 'POST', json: { email: 'text@example.com', password: 'pw\u0000' } }),
      'password',
    );
    expect((await t.request('/api/users/me', { method: 'PUT', token, json: { name: 'Zoë 😀 中文' } })).status).toBe(200);
  });

  it('multi-line fields keep \\n, \\t and \\r\\n but still refuse NUL', async () => {
    const generate = (prompt: string) =>
      t.request('/api/generate-image/generate', { method: 'POST', token, json: { prompt, model: 'nano', size: '1024x1024', count: 1 } });
    await expectRefused(await generate('a cat\u0000'), 'prompt');
    await expectRefused(await generate('a cat \udfff'), 'prompt');
    const ok = await generate('a cat\r\n\ton a mat\nat dusk');
    expect(ok.status).not.toBe(400);
    expect(ok.status).toBeLessThan(500);
  });

  it('query and param targets go through the same check', async () => {
    await expectRefused(
      await t.request('/api/credits/consume?amount=1&referenceType=IMAGE_GENERATION&referenceId=x%00y', { method: 'POST', token }),
      'referenceId',
    );
    await expectRefused(
      await t.request('/api/credits/consume?amount=1&referenceType=IMAGE_GENERATION&referenceId=ok&description=a%1Bb', {
        method: 'POST',
        token,
      }),
      'description',
    );
    // In the app the path guard answers first (every /api path); validate('param') checks the same on its own.
    await expectRefused(await t.request('/api/orders/ord%00x/refund/check', { token }), 'path');
    const bare = new Hono<AppEnv>().get('/:id', validate('param', z.object({ id: z.string() })), (c) => c.text(c.req.valid('param').id));
    bare.onError(onError);
    await expectRefused(await bare.request('/a%1Bb'), 'id');
    expect(await (await bare.request('/ok')).text()).toBe('ok');
  });
});

describe('error logs carry no query parameters, passwords, hashes, codes or tokens', () => {
  it('a failed query is logged as class, message without params and SQLSTATE', async () => {
    const lines: string[] = [];
    const original = console.error;
    const logger = createConsoleLogger({ quiet: true });
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('deps', { ...t.deps, log: logger });
        await next();
      })
      .get('/boom', async () => {
        // The shape of the reported leak: an insert whose bound values include an e-mail, a password hash and a NUL.
        await t.deps.db.execute(
          sql`select ${'victim@example.com'}::text, ${'scrypt$16384$8$1$c2FsdA$aGFzaA'}::text, ${'123456'}::text, ${'bad\u0000byte'}::text`,
        );
        return new Response('unreachable');
      });
    app.onError(onError);
    expectConsoleError(/unhandled error/);
    console.error = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      original(...args);
    };
    let res: Response;
    try {
      res = await app.request('/boom?email=victim@example.com&token=tok_secret');
    } finally {
      console.error = original;
    }
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    for (const secret of ['victim@example.com', 'scrypt$', '123456', 'tok_secret', 'bad', 'params'])
      expect(line, secret).not.toContain(secret);
    const logged = JSON.parse(line);
    expect(logged).toMatchObject({ level: 'error', message: 'unhandled error', path: '/boom' });
    expect(logged.error.class).toMatch(/Error/);
    expect(logged.error.sqlstate).toMatch(/^[0-9A-Z]{5}$/);
  });
});

describe('multipart text fields (edit) go through the same check', () => {
  it('a NUL in the prompt or in a tool parameter is a 400 naming it, before anything is charged', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const edit = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('images', new File([png], 'a.png', { type: 'image/png' }));
      return t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
    };
    const before = (await (await t.request('/api/credits/balance', { token })).json()).available;
    await expectRefused(await edit({ prompt: 'make it\u0000 blue' }), 'prompt');
    await expectRefused(await edit({ toolId: 'id-photo-generation', backgroundColor: '#ff0000\u0000' }), 'backgroundColor');
    await expectRefused(await edit({ toolId: 'watercolor', extra: 'soft\u0000' }), 'extra');
    expect((await (await t.request('/api/credits/balance', { token })).json()).available).toBe(before);
  });
});
