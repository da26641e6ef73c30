import { describe, expect, it } from 'vitest';
import { responseChecker } from './test-app';

/** The harness's OpenAPI check must be able to fail, or every API test's "matches the document" means nothing. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const url = (path: string) => `http://localhost${path}`;

describe('the API tests’ response check against /api/openapi.json', () => {
  const check = responseChecker();
  const balance = { success: true, balance: 0 };

  it('refuses a body that does not match the documented schema', async () => {
    await expect(check('GET', url('/api/users/me'), json({ id: 42 }))).rejects.toThrow(/GET \/api\/users\/me → 200 body does not match/);
  });

  it('refuses a status the operation does not document', async () => {
    await expect(check('GET', url('/api/users/me'), json(balance, 418))).rejects.toThrow(/is not a documented status/);
  });

  it('accepts a documented error body, and leaves non-JSON answers alone', async () => {
    const error = {
      success: false,
      error: { code: 'UNAUTHENTICATED', id: 'signInFirst', params: {}, message: 'Please sign in first' },
      requestId: 'req_1',
    };
    await expect(check('GET', url('/api/users/me'), json(error, 401))).resolves.toBeUndefined();
    await expect(check('GET', url('/api/users/me'), new Response('<html>', { status: 418 }))).resolves.toBeUndefined();
  });
});
