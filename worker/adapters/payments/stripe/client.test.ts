import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { decodeStripeForm } from '@tests/fakes/stripe-server';
import {
  createStripeClient,
  createStripeWebhookVerifier,
  encodeStripeForm,
  STRIPE_API_VERSION,
  StripeRequestError,
  StripeSignatureError,
} from './client';

/**
 * The fetch-based Stripe client and webhook verifier, checked against the official SDK: the same
 * params must give the same bytes on the wire, and headers the SDK's test helper signs must verify.
 */

interface Captured {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers from a script (the last answer repeats). */
function scriptedFetch(answers: Array<Response | (() => Response) | Error> = [new Response('{"id":"x","object":"thing"}')]) {
  const calls: Captured[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers as HeadersInit).forEach((value, key) => {
      headers[key] = value;
    });
    calls.push({ method: init.method ?? 'GET', url: String(input), body: typeof init.body === 'string' ? init.body : '', headers });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  };
  return { calls, fetch: fetchFn as typeof fetch };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_123', ...headers } });

const KEY = 'sk_test_client_0123456789';

/** The official SDK, talking to a recording fetch instead of the network. */
function sdkWith(fetchFn: typeof fetch) {
  return new Stripe(KEY, { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0, telemetry: false });
}

const checkoutParams: Stripe.Checkout.SessionCreateParams = {
  mode: 'subscription',
  line_items: [
    {
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: 999,
        product_data: { name: "Pro monthly (it's *new*!)" },
        recurring: { interval: 'month' },
      },
    },
    { price: 'price_1ABC', quantity: 2 },
  ],
  client_reference_id: 'ord_123',
  metadata: { orderId: 'ord_123', userId: 'usr_1', orderNumber: 'IS2611000001', note: 'a&b=c d+e/ü' },
  customer_email: 'buyer+tag@example.com',
  success_url: 'https://app.example.com/payment/stripe/success?orderId=ord_123&session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://app.example.com/payment/stripe/cancel?orderId=ord_123',
  subscription_data: { metadata: { orderId: 'ord_123', userId: 'usr_1' } },
  allow_promotion_codes: false,
  expires_at: undefined,
};

describe('encodeStripeForm', () => {
  it('encodes nested objects, indexed arrays, metadata, booleans and numbers; leaves undefined out', () => {
    const encoded = encodeStripeForm({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1999, product_data: { name: '500 credits' } } }],
      metadata: { orderId: 'ord_1' },
      cancel_at_period_end: true,
      allow_promotion_codes: false,
      customer: undefined,
      payment_intent_data: { metadata: { orderId: 'ord_1', skipped: undefined } },
      expand: ['invoice', 'subscription'],
    });
    expect(encoded.split('&')).toEqual([
      'mode=payment',
      'line_items[0][quantity]=1',
      'line_items[0][price_data][currency]=usd',
      'line_items[0][price_data][unit_amount]=1999',
      'line_items[0][price_data][product_data][name]=500%20credits',
      'metadata[orderId]=ord_1',
      'cancel_at_period_end=true',
      'allow_promotion_codes=false',
      'payment_intent_data[metadata][orderId]=ord_1',
      'expand[0]=invoice',
      'expand[1]=subscription',
    ]);
  });

  it('sends null as an empty value (unset), Dates as Unix seconds, and escapes reserved characters', () => {
    expect(encodeStripeForm({ description: null, trial_end: new Date(1_795_000_000_500), note: "a&b=c ü!*()'", empty: {}, none: [] })).toBe(
      'description=&trial_end=1795000000&note=a%26b%3Dc%20%C3%BC%21%2A%28%29%27',
    );
    expect(encodeStripeForm({ 'metadata[odd key]': 'x' })).toBe('metadata[odd%20key]=x');
    expect(encodeStripeForm(undefined)).toBe('');
    expect(encodeStripeForm({ list: [undefined, 'b'] })).toBe('list[1]=b');
  });

  it('round-trips through the fake server’s decoder', () => {
    const decoded = decodeStripeForm(encodeStripeForm(checkoutParams));
    expect(decoded.line_items[1]).toEqual({ price: 'price_1ABC', quantity: '2' });
    expect(decoded.metadata.note).toBe('a&b=c d+e/ü');
    expect(decoded.success_url).toBe(checkoutParams.success_url);
    expect(decoded).not.toHaveProperty('expires_at');
  });

  it('gives byte-for-byte the body and query string the stripe SDK sends for every call the adapter makes', async () => {
    const sdk = scriptedFetch();
    const ours = scriptedFetch();
    const official = sdkWith(sdk.fetch);
    const client = createStripeClient({ secretKey: KEY, fetch: ours.fetch });
    const refund: Stripe.RefundCreateParams = {
      payment_intent: 'pi_1',
      amount: 1999,
      reason: 'requested_by_customer',
      metadata: { orderId: 'ord_1', refundId: 'rfd_1' },
    };

    await official.checkout.sessions.create(checkoutParams, { idempotencyKey: 'checkout-ord_123' });
    await client.checkout.sessions.create(checkoutParams, { idempotencyKey: 'checkout-ord_123' });
    await official.checkout.sessions.retrieve('cs_test_1', { expand: ['invoice'] });
    await client.checkout.sessions.retrieve('cs_test_1', { expand: ['invoice'] });
    await official.checkout.sessions.retrieve('cs_test_2');
    await client.checkout.sessions.retrieve('cs_test_2');
    await official.invoicePayments.list({ invoice: 'in_1', status: 'paid', limit: 3 });
    await client.invoicePayments.list({ invoice: 'in_1', status: 'paid', limit: 3 });
    await official.refunds.list({ charge: 'ch_1', limit: 1 });
    await client.refunds.list({ charge: 'ch_1', limit: 1 });
    await official.refunds.create(refund, { idempotencyKey: 'rfd_1' });
    await client.refunds.create(refund, { idempotencyKey: 'rfd_1' });
    await official.subscriptions.update('sub_1', { cancel_at_period_end: true });
    await client.subscriptions.update('sub_1', { cancel_at_period_end: true });

    const wire = (c: Captured) => ({
      method: c.method,
      url: c.url,
      body: c.body,
      key: c.headers['idempotency-key']?.startsWith('stripe-') ? 'random' : c.headers['idempotency-key'],
    });
    expect(ours.calls.map(wire)).toEqual(sdk.calls.map(wire));
    expect(ours.calls.map((c) => c.url)).toContain('https://api.stripe.com/v1/checkout/sessions/cs_test_1?expand[0]=invoice');
    for (const [i, call] of ours.calls.entries()) {
      const theirs = sdk.calls[i]!;
      for (const header of ['authorization', 'content-type', 'stripe-version', 'accept'])
        expect(call.headers[header], header).toBe(theirs.headers[header]);
    }
  });
});

describe('createStripeClient', () => {
  it('pins the API version of the installed stripe SDK', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('sends the secret key, the API version and an idempotency key on every POST (one of its own when none is given)', async () => {
    const { calls, fetch } = scriptedFetch();
    const client = createStripeClient({ secretKey: KEY, apiUrl: 'http://127.0.0.1:9999', fetch });
    await client.subscriptions.update('sub_1', { cancel_at_period_end: true });
    await client.subscriptions.update('sub_1', { cancel_at_period_end: true });
    await client.invoicePayments.list({ invoice: 'in_1' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:9999/v1/subscriptions/sub_1',
      body: 'cancel_at_period_end=true',
    });
    expect(calls[0]!.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'stripe-version': Stripe.API_VERSION,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(calls[0]!.headers['idempotency-key']).toMatch(/^stripe-retry-[0-9a-f-]{36}$/);
    expect(calls[1]!.headers['idempotency-key']).not.toBe(calls[0]!.headers['idempotency-key']);
    expect(calls[2]!.headers['idempotency-key']).toBeUndefined();
    expect(calls[2]!.body).toBe('');
  });

  it('escapes ids in paths', async () => {
    const { calls, fetch } = scriptedFetch();
    await createStripeClient({ secretKey: KEY, fetch }).checkout.sessions.retrieve('cs_../../v1/refunds?x=1');
    expect(calls[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions/cs_..%2F..%2Fv1%2Frefunds%3Fx%3D1');
  });

  it('retries once, with the same idempotency key, after a connection error, a 409 or a 5xx', async () => {
    for (const first of [
      new TypeError('fetch failed'),
      json(409, { error: { type: 'invalid_request_error', message: 'lock' } }),
      json(502, { error: { type: 'api_error', message: 'bad gateway' } }),
    ]) {
      const { calls, fetch } = scriptedFetch([
        first as Error | (() => Response),
        json(200, { id: 're_1', object: 'refund', status: 'succeeded' }),
      ]);
      const client = createStripeClient({ secretKey: KEY, fetch, retryDelayMs: 0 });
      await expect(client.refunds.create({ payment_intent: 'pi_1' }, { idempotencyKey: 'rfd_1' })).resolves.toMatchObject({ id: 're_1' });
      expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(['rfd_1', 'rfd_1']);
      expect(calls[1]!.body).toBe(calls[0]!.body);
    }
  });

  it('follows Stripe-Should-Retry, does not retry other 4xx, and retries at most once', async () => {
    const noRetry = scriptedFetch([json(500, { error: { type: 'api_error', message: 'done' } }, { 'stripe-should-retry': 'false' })]);
    await expect(
      createStripeClient({ secretKey: KEY, fetch: noRetry.fetch, retryDelayMs: 0 }).refunds.list({ charge: 'ch_1' }),
    ).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(noRetry.calls).toHaveLength(1);

    const advised = scriptedFetch([
      json(400, { error: { type: 'invalid_request_error', message: 'lock timeout' } }, { 'stripe-should-retry': 'true' }),
      json(200, { object: 'list', data: [] }),
    ]);
    await expect(
      createStripeClient({ secretKey: KEY, fetch: advised.fetch, retryDelayMs: 0 }).refunds.list({ charge: 'ch_1' }),
    ).resolves.toMatchObject({ data: [] });
    expect(advised.calls).toHaveLength(2);

    const refused = scriptedFetch([json(400, { error: { type: 'invalid_request_error', message: 'no' } })]);
    await expect(
      createStripeClient({ secretKey: KEY, fetch: refused.fetch, retryDelayMs: 0 }).refunds.list({ charge: 'ch_1' }),
    ).rejects.toBeInstanceOf(StripeRequestError);
    expect(refused.calls).toHaveLength(1);

    const down = scriptedFetch([new TypeError('fetch failed')]);
    const error = await createStripeClient({ secretKey: KEY, fetch: down.fetch, retryDelayMs: 0 })
      .refunds.list({ charge: 'ch_1' })
      .catch((e) => e);
    expect(error).toMatchObject({
      type: 'StripeConnectionError',
      message: 'An error occurred with our connection to Stripe. Request was retried 1 times.',
    });
    expect(down.calls).toHaveLength(2);
  });

  it('times out a request that hangs', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const error = await createStripeClient({ secretKey: KEY, fetch: hang, timeoutMs: 20, maxRetries: 0 })
      .refunds.list({})
      .catch((e) => e);
    expect(error).toMatchObject({ type: 'StripeConnectionError', message: 'Request aborted due to timeout being reached (20ms)' });
  });

  it('maps error responses to the SDK’s error classes by status, keeping code, param and request id', async () => {
    const cases: Array<[number, Record<string, string>, string]> = [
      [400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'amount' }, 'StripeInvalidRequestError'],
      [404, { type: 'invalid_request_error', code: 'resource_missing' }, 'StripeInvalidRequestError'],
      [400, { type: 'idempotency_error' }, 'StripeIdempotencyError'],
      [400, { type: 'invalid_request_error', code: 'rate_limit' }, 'StripeRateLimitError'],
      [429, { type: 'invalid_request_error' }, 'StripeRateLimitError'],
      [401, { type: 'invalid_request_error' }, 'StripeAuthenticationError'],
      [402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }, 'StripeCardError'],
      [403, { type: 'invalid_request_error' }, 'StripePermissionError'],
      [500, { type: 'api_error' }, 'StripeAPIError'],
    ];
    for (const [status, raw, type] of cases) {
      const { fetch } = scriptedFetch([json(status, { error: { ...raw, message: `failed ${status}` } })]);
      const error = await createStripeClient({ secretKey: KEY, fetch, maxRetries: 0 })
        .checkout.sessions.retrieve('cs_1')
        .catch((e) => e);
      expect(error).toBeInstanceOf(StripeRequestError);
      expect(error).toMatchObject({ type, rawType: raw.type, statusCode: status, requestId: 'req_123', message: `failed ${status}` });
      if (raw.code) expect(error.code).toBe(raw.code);
      if (raw.param) expect(error.param).toBe(raw.param);
      if (raw.decline_code) expect(error.declineCode).toBe(raw.decline_code);
      // The SDK sorts the same response into the class of the same name.
      const sdkError = await sdkWith(scriptedFetch([json(status, { error: { ...raw, message: `failed ${status}` } })]).fetch)
        .checkout.sessions.retrieve('cs_1')
        .catch((e) => e);
      expect(sdkError.type).toBe(type);
    }
  });

  it('reports a body that is not JSON as an API error', async () => {
    const { fetch } = scriptedFetch([new Response('<html>502</html>', { status: 200 })]);
    await expect(createStripeClient({ secretKey: KEY, fetch }).refunds.list({})).rejects.toMatchObject({
      type: 'StripeAPIError',
      message: 'Invalid JSON received from the Stripe API',
    });
  });

  it('imports nothing from node: (it runs on Workers)', () => {
    const source = readFileSync(new URL('./client.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'node:|require\(/);
    // Only types come from the SDK, so the bundler leaves it out.
    expect(source).not.toMatch(/^import (?!type )[^;]*from 'stripe'/m);
  });
});

describe('createStripeWebhookVerifier', () => {
  const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
  const body = JSON.stringify(
    { id: 'evt_1', object: 'event', type: 'checkout.session.completed', created: 1_795_000_000, data: { object: { id: 'cs_1' } } },
    null,
    2,
  );
  const now = Math.floor(Date.now() / 1000);
  const header = (opts: { payload?: string; secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: opts.payload ?? body,
      secret: opts.secret ?? SECRET,
      timestamp: opts.timestamp ?? now,
    });
  const v1 = (h: string) =>
    h
      .split(',')
      .find((p) => p.startsWith('v1='))!
      .slice(3);
  const verifier = createStripeWebhookVerifier(SECRET);
  const refuses = (raw: string, h: string | null, message?: RegExp) =>
    expect(verifier.constructEvent(raw, h)).rejects.toThrow(message ?? StripeSignatureError);

  /** What the SDK says about the same delivery. */
  const sdkAccepts = (raw: string, h: string) =>
    Stripe.webhooks.constructEventAsync(raw, h, SECRET, 300, Stripe.createSubtleCryptoProvider()).then(
      () => true,
      () => false,
    );

  it('accepts a delivery signed by the SDK’s test helper and returns the event', async () => {
    const h = header();
    await expect(verifier.constructEvent(body, h)).resolves.toEqual(JSON.parse(body));
    expect(await sdkAccepts(body, h)).toBe(true);
  });

  it('refuses a wrong secret and a tampered body, as the SDK does', async () => {
    const wrong = header({ secret: 'whsec_someone_else_0123456789' });
    await refuses(body, wrong, /No signatures found matching/);
    expect(await sdkAccepts(body, wrong)).toBe(false);
    const tampered = body.replace('"cs_1"', '"cs_2"');
    await refuses(tampered, header(), /No signatures found matching/);
    await refuses(`${body} `, header(), /No signatures found matching/);
    expect(await sdkAccepts(tampered, header())).toBe(false);
  });

  it('refuses a timestamp older than the tolerance and accepts one within it or in the future', async () => {
    // Pinned to `now`: on a loaded machine the wall clock moves on between collecting and running,
    // and `now + 301` against a later Date.now() is back inside the tolerance.
    const atNow = createStripeWebhookVerifier(SECRET, { now: () => now * 1000 });
    await expect(atNow.constructEvent(body, header({ timestamp: now - 301 }))).rejects.toThrow(/tolerance/);
    expect(await sdkAccepts(body, header({ timestamp: now - 301 }))).toBe(false);
    // A future timestamp passes, as in the SDK: only the secret's holder can sign one.
    await expect(atNow.constructEvent(body, header({ timestamp: now + 3600 }))).resolves.toEqual(JSON.parse(body));
    await expect(verifier.verify(body, header({ timestamp: now - 290 }))).resolves.toBeUndefined();
    await expect(verifier.verify(body, header({ timestamp: now + 290 }))).resolves.toBeUndefined();
    // The signed timestamp is what counts: moving `t` without re-signing breaks the signature.
    await refuses(body, header({ timestamp: now - 1000 }).replace(/t=\d+/, `t=${now}`), /No signatures found matching/);
    const pinned = createStripeWebhookVerifier(SECRET, { toleranceSeconds: 10, now: () => (now + 11) * 1000 });
    await expect(pinned.verify(body, header())).rejects.toThrow(/tolerance/);
  });

  it('accepts any one matching v1 signature among several (secret rolling) and ignores other schemes', async () => {
    const good = v1(header());
    const other = v1(header({ secret: 'whsec_old_secret_abcdefghijklmnop' }));
    const several = `t=${now},v1=${other},v1=${good},v0=${'0'.repeat(64)}`;
    await expect(verifier.verify(body, several)).resolves.toBeUndefined();
    expect(await sdkAccepts(body, several)).toBe(true);
    await expect(verifier.verify(body, `t=${now},v1=${good},v1=${other}`)).resolves.toBeUndefined();
    await refuses(body, `t=${now},v1=${other},v1=zz${good.slice(2)}`, /No signatures found matching/);
    await refuses(body, `t=${now},v0=${good}`, /No signatures found with expected scheme/);
  });

  it('refuses malformed headers, a missing body and a blank secret', async () => {
    const good = v1(header());
    await refuses(body, null, /No stripe-signature header/);
    await refuses(body, '', /No stripe-signature header/);
    await refuses(body, 't=1,v1=00', /No signatures found matching/);
    await refuses(body, `v1=${good}`, /timestamp/);
    // As in the SDK: an unreadable `t` is NaN, which signs nothing; a signature is compared as a string.
    await refuses(body, `t=abc,v1=${good}`, /No signatures found matching/);
    await refuses(body, `t=${now},v1=${good.slice(0, 63)}`, /No signatures found matching/);
    await refuses(body, `t=${now},v0=${good}`, /No signatures found with expected scheme/);
    await refuses(body, `t=${now},v1=${good.slice(0, 62)}`, /No signatures found matching/);
    await refuses('', header({ payload: '' }), /No webhook payload/);
    await expect(createStripeWebhookVerifier('  ').verify(body, header())).rejects.toThrow(/No webhook secret/);
  });

  it('refuses a signed body that is not JSON', async () => {
    await refuses('not json', header({ payload: 'not json' }), /not JSON/);
  });

  it('gives the SDK’s verdict on 1,500 generated deliveries (header spellings, clocks, bodies, secrets)', async () => {
    // A small seeded generator (mulberry32): the same cases on every run.
    let state = 20261206;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const at = now * 1000;
    const ours = createStripeWebhookVerifier(SECRET, { now: () => at });
    const sdk = (raw: string, h: string) =>
      Stripe.webhooks.constructEventAsync(raw, h, SECRET, 300, Stripe.createSubtleCryptoProvider(), at).then(
        () => true,
        () => false,
      );
    const spellings: ((t: number, sig: string) => string)[] = [
      (t, sig) => `t=${t},v1=${sig}`,
      (t, sig) => `t=${t}, v1=${sig}`,
      (t, sig) => `t=${t},v1=${sig.toUpperCase()}`,
      (t, sig) => `v1=${sig},t=${t}`,
      (t, sig) => `t=${t},v1=${sig},v0=${sig}`,
      (t, sig) => `t=0${t},v1=${sig}`,
      (t, sig) => `t=+${t},v1=${sig}`,
      (t, sig) => `t= ${t},v1=${sig}`,
      (t, sig) => `t=${t}abc,v1=${sig}`,
      (t, sig) => `t=${t}.5,v1=${sig}`,
      (t, sig) => `t=1,t=${t},v1=${sig}`,
      (t, sig) => `t=${t},t=1,v1=${sig}`,
      (t, sig) => `t=${t},v1=${sig}=`,
      (t, sig) => `t=${t},v1=${sig.slice(0, 63)}`,
      (t, sig) => `t=${t},v1=${sig} `,
      (t, sig) => ` t=${t},v1=${sig}`,
      (t, sig) => `T=${t},v1=${sig}`,
      (t, sig) => `t=${t},V1=${sig}`,
      (t, sig) => `t=${t},v0=${sig}`,
      (t, sig) => `t=${t};v1=${sig}`,
      (t, sig) => `t=${t},v1=,v1=${sig}`,
      (_t, sig) => `v1=${sig}`,
      (t) => `t=${t}`,
      (_t, sig) => `t=-1,v1=${sig}`,
    ];
    const cases: { raw: string; h: string }[] = [];
    for (let i = 0; i < 1500; i++) {
      const t = now + pick([0, -1, -299, -300, -301, -302, -5000, 1, 301, 86_400]);
      const signer = pick([SECRET, SECRET, SECRET, 'whsec_someone_else_0123456789']);
      const signedBody = pick([body, body, body, '{}']);
      const signed = v1(header({ payload: signedBody, secret: signer, timestamp: t }));
      const raw = pick([signedBody, signedBody, signedBody, `${signedBody} `, body.replace('cs_1', 'cs_9')]);
      cases.push({ raw, h: pick(spellings)(t, signed) });
    }
    const disagreements: { h: string; ours: boolean; sdk: boolean }[] = [];
    let accepted = 0;
    for (const { raw, h } of cases) {
      const mine = await ours.verify(raw, h).then(
        () => true,
        () => false,
      );
      const theirs = await sdk(raw, h);
      if (mine) accepted++;
      if (mine !== theirs) disagreements.push({ h, ours: mine, sdk: theirs });
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both verdicts occur often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(150);
    expect(accepted).toBeLessThan(1350);
  });
});
