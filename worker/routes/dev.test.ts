import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.request('/api/auth/login/send-code', { method: 'POST', json: { email: 'owner@example.com' } });
});
afterAll(() => t.close());

const mailbox = (ip: string, headers: Record<string, string> = {}) =>
  t.request('/api/dev/mailbox?email=owner@example.com', { ip, headers });

describe('dev mailbox', () => {
  it('is readable from this machine', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await mailbox(ip);
      expect(res.status).toBe(200);
      expect((await res.json()).messages[0].text).toMatch(/\b\d{6}\b/);
    }
  });

  it('does not exist for anyone else, whatever address headers they send', async () => {
    const res = await mailbox('203.0.113.7', {
      'cf-connecting-ip': '127.0.0.1',
      'x-forwarded-for': '127.0.0.1',
      'x-client-ip': '127.0.0.1',
      host: 'localhost',
    });
    expect(res.status).toBe(404);
    // No sign-in code in the answer (the random requestId is left out: a UUID can hold six digits in a row).
    const { requestId: _requestId, ...body } = await res.json();
    expect(JSON.stringify(body)).not.toMatch(/\d{6}/);
    expect((await mailbox('192.168.1.20')).status).toBe(404);
  });
});
