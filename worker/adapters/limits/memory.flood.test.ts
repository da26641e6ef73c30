import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

/**
 * Through the API: one client inventing e-mails is stopped by its per-IP window
 * before it creates a window per invented address, so the limiter's memory grows with clients, not
 * with the addresses a client makes up.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_CODE_MAX_PER_IP_HOUR: '5' } });
});
afterAll(() => t.close());

describe('send-code flood from one client', () => {
  it('creates no per-e-mail window once the client is over its limit', async () => {
    const limits = t.deps.limits as typeof t.deps.limits & { size(): number };
    const before = limits.size();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push(
        (await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: `flood${i}@example.com` }, ip: '198.51.100.50' }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    // One per-IP window plus, for each of the five addresses it was allowed to mail, the address's
    // window and the address-and-client window (decision 008); nothing for the 20 refused ones.
    expect(limits.size() - before).toBe(1 + 5 * 2);
  }, 120_000);
});
