import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { createOrder, submitCheckout } from '../../routes/payments.test-support';

/** The sandbox checkout speaks the app's language (?lang= from the SPA, else Accept-Language). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('sandbox-zh@example.com'));
});
afterAll(() => t.close());

describe('sandbox checkout page languages', () => {
  it('?lang=zh-Hant: Chinese page, Chinese plan name, and the form keeps the language', async () => {
    const order = await createOrder(t, token, { packageId: 'pack_500', gateway: 'STRIPE' });
    const html = await (await t.request(`/api/sandbox/checkout/${order.sessionId}?lang=zh-Hant`)).text();
    expect(html).toContain('<html lang="zh-Hant">');
    expect(html).toContain('不會有真實款項移動');
    expect(html).toContain('500 點，永不過期');
    expect(html).toMatch(/value="pay">支付 \$19\.99</);
    expect(html).toContain(`action="/api/sandbox/checkout/${order.sessionId}?lang=zh-Hant"`);
    expect(html).not.toMatch(/no real money|never expire|>Cancel</);
  });

  it('Accept-Language zh-TW without ?lang, and English by default', async () => {
    const order = await createOrder(t, token, { packageId: 'pack_500', gateway: 'PAYPAL' });
    const zh = await (
      await t.request(`/api/sandbox/checkout/${order.sessionId}`, { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } })
    ).text();
    expect(zh).toContain('金額');
    const en = await (await t.request(`/api/sandbox/checkout/${order.sessionId}`)).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Amount');
  });

  it('a refusal after the POST is in the language of the page', async () => {
    const res = await t.request(`/api/sandbox/checkout/sbx_nope?lang=zh-Hant`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay' }).toString(),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('找不到結帳');
    expect((await submitCheckout(t, 'sbx_nope', 'pay')).status).toBe(404);
  });
});
