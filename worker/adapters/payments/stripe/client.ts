import type Stripe from 'stripe';
import { equalBytes, hmacSha256, toHex } from '@worker/lib/bytes';
import { retry } from '@worker/lib/retry';
import { GatewayError } from '../port';

/**
 * The few Stripe API calls the Stripe adapter makes, over `fetch`, and Stripe's webhook signature
 * check over WebCrypto. It replaces the `stripe` SDK at run time in the Worker (the SDK with
 * all its resources cost 33 KB gz of a 300 KB budget); the SDK stays for its types (`import type` is
 * erased at build time) and for tests. It sends what the SDK sends — the same form encoding, the
 * same API version, an idempotency key on every POST — and retries where the SDK retried with
 * `maxNetworkRetries: 1`, so Stripe sees the same requests as before.
 */

/**
 * The API version stripe@23.1.0 pins (its `Stripe.API_VERSION`). Typed as the SDK's latest version so
 * an SDK upgrade that moves it fails the type check here (and a unit test compares the two), because
 * the wire types below come from the SDK and describe that version.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

export interface StripeClientOptions {
  secretKey: string;
  /** https://api.stripe.com unless a test points it at a local fake server. */
  apiUrl?: string;
  /** Retries after the first attempt (the SDK's `maxNetworkRetries`); 1 by default. */
  maxRetries?: number;
  /** Per attempt, headers and body included. */
  timeoutMs?: number;
  /** The wait before a retry (the SDK waits its initial retry delay, 0.5 s, before a first retry). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface StripeRequestOptions {
  idempotencyKey?: string;
}

/**
 * A failed Stripe call. `type` is the name of the SDK error class the same failure would have raised
 * (`StripeInvalidRequestError`, `StripeCardError`, `StripeAPIError`, `StripeConnectionError`, …) so
 * logs and callers keep reading the same values; `rawType` is Stripe's own `error.type`.
 */
export class StripeRequestError extends Error {
  readonly type: StripeErrorType;
  readonly rawType?: string;
  readonly code?: string;
  readonly param?: string;
  readonly declineCode?: string;
  readonly statusCode?: number;
  readonly requestId?: string;

  constructor(
    type: StripeErrorType,
    message: string,
    details: { rawType?: string; code?: string; param?: string; declineCode?: string; statusCode?: number; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'StripeRequestError';
    this.type = type;
    Object.assign(this, stripUndefined(details));
  }
}

export type StripeErrorType =
  | 'StripeCardError'
  | 'StripeInvalidRequestError'
  | 'StripeIdempotencyError'
  | 'StripeAuthenticationError'
  | 'StripePermissionError'
  | 'StripeRateLimitError'
  | 'StripeAPIError'
  | 'StripeConnectionError';

/** Thrown by the webhook verifier; the message says which check failed (never the secret). */
export class StripeSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureError';
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Stripe's form encoding (the SDK's `queryStringifyRequestData`): nested objects as `a[b][c]=…`,
 * arrays with indices `a[0][b]=…`, booleans and numbers as their text, `null` as an empty value (which
 * is how Stripe unsets a field), Dates as Unix seconds, `undefined` left out. Brackets stay
 * unescaped and `!*()'` are escaped like the SDK does, so a request's body is byte-for-byte the
 * SDK's — an idempotent retry must repeat the first body exactly.
 */
export function encodeStripeForm(params: object | null | undefined): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      pairs.push(`${encodeFormPart(key)}=${encodeFormPart(formValue(value))}`);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) add(`${key}[${i}]`, item);
    } else {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    }
  };
  if (params) for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

function formValue(value: unknown): string {
  if (value instanceof Date) return String(Math.floor(value.getTime() / 1000));
  if (value === null) return '';
  return String(value);
}

function encodeFormPart(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

/** The SDK's mapping from an error response to its error class (`generateV1Error`). */
function errorTypeFor(status: number, raw: { type?: string; code?: string }): StripeErrorType {
  if (status === 429 || (status === 400 && raw.code === 'rate_limit')) return 'StripeRateLimitError';
  if (status === 400 || status === 404) return raw.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  if (status === 401) return 'StripeAuthenticationError';
  if (status === 402) return 'StripeCardError';
  if (status === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

/**
 * Whether the SDK (with `maxNetworkRetries: 1`) would retry this attempt: a failed connection or
 * timeout; otherwise Stripe's `Stripe-Should-Retry` header decides, and without one a 409 (a
 * concurrent request holds the idempotency key or object lock) or any 5xx. Every POST carries an
 * idempotency key, so a retried create is never done twice.
 */
function shouldRetry(response: Response | undefined): boolean {
  if (!response) return true;
  const advice = response.headers.get('stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return response.status === 409 || response.status >= 500;
}

/** Thrown by an attempt whose answer Stripe advises retrying (never leaves {@link stripeRequest}). */
const RETRY_ADVISED = new Error('Stripe advises a retry');

export type StripeClient = ReturnType<typeof createStripeClient>;

export function createStripeClient(options: StripeClientOptions) {
  const settings: RequestSettings = {
    base: new URL(options.apiUrl || 'https://api.stripe.com'),
    secretKey: options.secretKey,
    maxRetries: options.maxRetries ?? 1,
    timeoutMs: options.timeoutMs ?? 20_000,
    retryDelayMs: options.retryDelayMs ?? 500,
    fetchFn: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
  };
  const request = <T>(method: 'GET' | 'POST', path: string, params?: object, requestOptions?: StripeRequestOptions) =>
    stripeRequest<T>(settings, method, path, params, requestOptions);

  const id = (value: string) => encodeURIComponent(value);

  return {
    checkout: {
      sessions: {
        create: (params: Stripe.Checkout.SessionCreateParams, opts?: StripeRequestOptions) =>
          request<Stripe.Checkout.Session>('POST', '/v1/checkout/sessions', params, opts),
        retrieve: (sessionId: string, params?: Stripe.Checkout.SessionRetrieveParams) =>
          request<Stripe.Checkout.Session>('GET', `/v1/checkout/sessions/${id(sessionId)}`, params),
      },
    },
    invoices: {
      retrieve: (invoiceId: string) => request<Stripe.Invoice>('GET', `/v1/invoices/${id(invoiceId)}`),
    },
    invoicePayments: {
      list: (params: Stripe.InvoicePaymentListParams) =>
        request<Stripe.ApiList<Stripe.InvoicePayment>>('GET', '/v1/invoice_payments', params),
    },
    refunds: {
      list: (params: Stripe.RefundListParams) => request<Stripe.ApiList<Stripe.Refund>>('GET', '/v1/refunds', params),
      create: (params: Stripe.RefundCreateParams, opts?: StripeRequestOptions) =>
        request<Stripe.Refund>('POST', '/v1/refunds', params, opts),
    },
    subscriptions: {
      update: (subscriptionId: string, params: Stripe.SubscriptionUpdateParams, opts?: StripeRequestOptions) =>
        request<Stripe.Subscription>('POST', `/v1/subscriptions/${id(subscriptionId)}`, params, opts),
    },
  };
}

/** Where and how the client sends its requests: resolved once from {@link StripeClientOptions}. */
interface RequestSettings {
  base: URL;
  secretKey: string;
  maxRetries: number;
  timeoutMs: number;
  retryDelayMs: number;
  fetchFn: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/** One API call, retried on a lost connection or when Stripe advises it (409, 5xx), like the SDK. */
async function stripeRequest<T>(
  settings: RequestSettings,
  method: 'GET' | 'POST',
  path: string,
  params?: object,
  requestOptions: StripeRequestOptions = {},
): Promise<T> {
  const { base, secretKey, maxRetries, timeoutMs, retryDelayMs, fetchFn } = settings;
  const encoded = encodeStripeForm(params);
  const url = new URL(method === 'GET' && encoded ? `${path}?${encoded}` : path, base);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${secretKey}`,
    'Content-Type': 'application/x-www-form-urlencoded',
    'Stripe-Version': STRIPE_API_VERSION,
  };
  // Like the SDK, key every POST (a random key unless the caller's own makes a repeat idempotent),
  // so a retry after a lost response cannot create a second object.
  if (method === 'POST') headers['Idempotency-Key'] = requestOptions.idempotencyKey ?? `stripe-retry-${crypto.randomUUID()}`;

  // The latest attempt: its response, none when its connection failed (which is worth another try).
  const last: { response?: Response; retried: number } = { retried: 0 };
  let answer: { response: Response; text: string };
  try {
    answer = await retry(
      async (retried) => {
        Object.assign(last, { response: undefined, retried });
        const response = await fetchFn(url, {
          method,
          headers,
          body: method === 'POST' ? encoded : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        last.response = response;
        // The last attempt's answer is taken as it is, whatever Stripe advises.
        if (retried < maxRetries && shouldRetry(response)) {
          await response.body?.cancel().catch(() => {});
          throw RETRY_ADVISED;
        }
        return { response, text: await response.text() };
      },
      // Tried again: a lost connection (no response) or Stripe's advice; not a body that breaks off midway.
      { retries: maxRetries, delayMs: retryDelayMs, shouldRetry: (error) => error === RETRY_ADVISED || !last.response },
    );
  } catch (failure) {
    const timedOut = failure instanceof Error && (failure.name === 'TimeoutError' || failure.name === 'AbortError');
    const message = timedOut
      ? `Request aborted due to timeout being reached (${timeoutMs}ms)`
      : `An error occurred with our connection to Stripe.${last.retried > 0 ? ` Request was retried ${last.retried} times.` : ''}`;
    throw new StripeRequestError('StripeConnectionError', message, { requestId: last.response?.headers.get('request-id') ?? undefined });
  }
  return parseStripeResponse<T>(answer.response, answer.text);
}

/** The JSON body, or the {@link StripeRequestError} it (or its absence) stands for. */
function parseStripeResponse<T>(response: Response, text: string): T {
  const requestId = response.headers.get('request-id') ?? undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StripeRequestError('StripeAPIError', 'Invalid JSON received from the Stripe API', {
      statusCode: response.status,
      requestId,
    });
  }
  // Like the SDK, an `error` member is an error whatever the status says.
  const error = (json as { error?: unknown } | null)?.error;
  if (error != null) {
    const raw = (typeof error === 'object' ? error : { message: String(error) }) as {
      type?: string;
      code?: string;
      param?: string;
      decline_code?: string;
      message?: string;
    };
    throw new StripeRequestError(errorTypeFor(response.status, raw), raw.message ?? '', {
      rawType: raw.type,
      code: raw.code,
      param: raw.param,
      declineCode: raw.decline_code,
      statusCode: response.status,
      requestId,
    });
  }
  return json as T;
}

/** Stripe's default: an event signed more than 5 minutes ago is refused (replays). */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a Stripe webhook delivery and returns the event, exactly as the SDK's
 * `constructEventAsync` does (a test holds the two to the same verdict on generated deliveries).
 * Stripe signs `${t}.${rawBody}` with HMAC-SHA256 under the endpoint's signing secret (the whole
 * `whsec_…` string as the key) and sends `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]` —
 * several v1 values while a secret is being rolled, any one of which may match; other schemes (v0)
 * are ignored. The SDK's reading of the header is literal: items split on commas and `=`, names not
 * trimmed, `t` read with `parseInt`, signatures compared as lower-case hex strings. The body must be
 * the raw bytes as received. A timestamp more than `toleranceSeconds` in the past is refused, so a
 * captured delivery cannot be replayed later; a future one passes, as in the SDK (only the secret's
 * holder can sign one).
 */
export function createStripeWebhookVerifier(secret: string, options: { toleranceSeconds?: number; now?: () => number } = {}) {
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const nowMs = options.now ?? Date.now;

  async function verify(rawBody: string, header: string | null | undefined): Promise<void> {
    if (!rawBody) throw new StripeSignatureError('No webhook payload was provided');
    if (!header) throw new StripeSignatureError('No stripe-signature header value was provided');
    let timestamp = -1;
    const signatures: string[] = [];
    for (const item of header.split(',')) {
      const [name, value = ''] = item.split('=');
      if (name === 't') timestamp = Number.parseInt(value, 10);
      if (name === 'v1') signatures.push(value);
    }
    if (timestamp === -1) throw new StripeSignatureError('Unable to extract timestamp and signatures from header');
    if (!signatures.length) throw new StripeSignatureError('No signatures found with expected scheme');
    if (!secret || /^[ \t\r\n\f\v]*$/.test(secret)) throw new StripeSignatureError('No webhook secret value was provided');
    // The SDK on Node refuses the whole delivery when any v1 value is empty.
    if (signatures.includes('')) throw new StripeSignatureError('No signatures found matching the expected signature for payload');

    const expected = new TextEncoder().encode(toHex(await hmacSha256(secret, `${timestamp}.${rawBody}`)));
    // Compare every candidate in full, so timing says nothing about which one (or how much) matched.
    let matched = false;
    for (const candidate of signatures) matched = equalBytes(expected, new TextEncoder().encode(candidate)) || matched;
    if (!matched) throw new StripeSignatureError('No signatures found matching the expected signature for payload');
    if (tolerance > 0 && Math.floor(nowMs() / 1000) - timestamp > tolerance) {
      throw new StripeSignatureError('Timestamp outside the tolerance zone');
    }
  }

  return {
    verify,
    /** Verifies, then parses the body (what the SDK's `constructEventAsync` does). */
    async constructEvent(rawBody: string, header: string | null | undefined): Promise<Stripe.Event> {
      await verify(rawBody, header);
      try {
        return JSON.parse(rawBody) as Stripe.Event;
      } catch {
        throw new StripeSignatureError('The webhook payload is not JSON');
      }
    },
  };
}

/** Turns a client error into a GatewayError whose message is safe to show; the details stay for logs. */
export function toGatewayError(error: unknown, action: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof StripeRequestError) {
    const detail = { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId, message: error.message };
    const unavailable = error.type === 'StripeConnectionError' || error.type === 'StripeAPIError' || (error.statusCode ?? 0) >= 500;
    const message = unavailable
      ? `The card payment service is unavailable (${action}). Please try again later.`
      : error.type === 'StripeCardError'
        ? `The card payment was declined (${action}).`
        : `The card payment service refused the request (${action}).`;
    return new GatewayError(message, detail);
  }
  return new GatewayError(`The card payment service failed (${action}). Please try again later.`, { message: String(error) });
}
