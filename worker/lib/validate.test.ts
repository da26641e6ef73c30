import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { faceSwapRequestSchema } from '../contract/face-swap-request';
import { ServiceError } from '../contract/errors';
import { notFound, onError } from '../middleware/errors';
import type { AppEnv } from '../http/hono-env';
import { FIELD_NAME_MAX, fieldName, validateValue } from './validate';

/** An app with only the error handler and one validated multipart route, as the real routes read face swap's options. */
function app() {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('requestId', 'req_test');
      await next();
    })
    .post('/form', async (c) => {
      const form = await c.req.formData();
      return c.json(validateValue('form', faceSwapRequestSchema, { options: form.get('options') ?? undefined }));
    })
    .onError(onError)
    .notFound(notFound);
}

describe('error bodies name fields within a bound', () => {
  it('a 100,000-character face swap option key is not echoed whole in the 400', async () => {
    const key = 'k'.repeat(100_000);
    const form = new FormData();
    form.append('options', JSON.stringify({ [key]: 'x' }));
    const res = await app().request('/form', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body.length).toBeLessThan(1000);
    const { error } = JSON.parse(body);
    expect(error.code).toBe('VALIDATION_FAILED');
    // The key is the caller's text and not shaped like a field name: the field named is the object holding it.
    expect(error.field).toBe('options');
    expect(error.field.length).toBeLessThanOrEqual(FIELD_NAME_MAX);
  });

  it('a short field name is kept as it is', () => {
    expect(fieldName(['options', 'hair_color'])).toBe('options.hair_color');
    expect(() => validateValue('form', faceSwapRequestSchema, { options: '{"wings":"x"}' })).toThrow(
      expect.objectContaining({ details: { field: 'options' } }),
    );
  });

  it('bounds a field a service threw as well, and the path a 404 repeats', async () => {
    const thrower = new Hono<AppEnv>()
      .get('/x', () => {
        throw new ServiceError('VALIDATION_FAILED', 'selectImage', { field: 'f'.repeat(5000) });
      })
      .onError(onError);
    const { error } = await (await thrower.request('/x')).json();
    expect(error.field.length).toBeLessThanOrEqual(FIELD_NAME_MAX);
    const missing = await app().request(`/${'p'.repeat(50_000)}`);
    expect(missing.status).toBe(404);
    expect((await missing.text()).length).toBeLessThan(1000);
  });
});
