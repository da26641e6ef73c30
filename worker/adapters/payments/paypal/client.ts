import { bytesToBase64 } from '@worker/lib/bytes';
import { GatewayError } from '../port';

/**
 * PayPal's REST API over `fetch`: the OAuth2 token (cached and shared by concurrent callers), one
 * `api()` call that turns a non-2xx answer into {@link PaypalApiError}, the wire types the adapter
 * reads, and money in PayPal's decimal strings. The plan-interval cache lives here too: checkout
 * learns a plan's interval when it creates the plan, webhooks need it to date a sale's period, and
 * both share one client per gateway.
 */

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; tests use a local fake. */
  apiUrl: string;
}

/** Refresh the token this long before PayPal says it expires, so no request carries a dying one. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
/** Currencies PayPal takes without decimals. */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

export interface Link {
  href: string;
  rel: string;
  method?: string;
}
export interface PaypalMoney {
  currency_code: string;
  value: string;
}
export interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  create_time?: string;
  links?: Link[];
}
export interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }>;
  links?: Link[];
}
export interface PaypalSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id?: string;
  custom_id?: string;
  start_time?: string;
  billing_info?: { next_billing_time?: string; last_payment?: { amount?: PaypalMoney; time?: string } };
  links?: Link[];
}
export interface Sale {
  id: string;
  state?: string;
  amount?: { total: string; currency: string };
  billing_agreement_id?: string;
  custom?: string;
  create_time?: string;
}

/** Integer cents → PayPal's decimal string ("19.99"). */
export function paypalAmount(cents: number, currency: string): string {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? String(Math.round(cents / 100)) : (cents / 100).toFixed(2);
}
/** PayPal's decimal string → integer cents (the inverse of {@link paypalAmount}). */
export function toCents(value: string | undefined): number {
  return Math.round(Number(value ?? 0) * 100);
}

/**
 * A paid amount as PayPal writes money (`19.99`, `20`): digits with at most two decimals, or
 * undefined for anything else (`0x10`, `1e3`, `-4.99`), which then matches no order.
 */
export function paidCents(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}(?:\.\d{1,2})?$/.test(value)) return undefined;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const lastSegment = (href: string | undefined) => href?.replace(/\/+$/, '').split('/').pop() || undefined;
export const linkOf = (links: Link[] | undefined, ...rels: string[]) =>
  rels.map((rel) => links?.find((l) => l.rel === rel)?.href).find(Boolean);

/** PayPal's error body (https://developer.paypal.com/api/rest/responses/); any field may be missing. */
export interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string }>;
}
export class PaypalApiError extends GatewayError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: PaypalErrorBody | undefined,
  ) {
    super(message, { status, name: body?.name, message: body?.message, debug_id: body?.debug_id, details: body?.details });
  }
  get issue() {
    return this.body?.details?.[0]?.issue ?? this.body?.name;
  }
}

export type PlanInterval = { unit: string; count: number };

export function createPaypalClient(options: PaypalClientOptions) {
  const base = (options.apiUrl || 'https://api-m.paypal.com').replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  const planIntervals = new Map<string, { unit: string; count: number }>();

  /** OAuth2 client credentials; cached, and shared by concurrent callers while it is being fetched. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    tokenRequest ??= (async () => {
      try {
        token = await fetchToken(base, options);
        return token.value;
      } finally {
        tokenRequest = null;
      }
    })();
    return tokenRequest;
  }

  /** One API call; non-2xx → PaypalApiError with PayPal's debug_id. A rejected token is renewed once. */
  async function api<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    action: string,
    body?: unknown,
    requestId?: string,
    retried = false,
  ): Promise<T> {
    const bearer = await accessToken();
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new GatewayError(`PayPal is unavailable (${action}). Please try again later.`, { action, message: String(error) });
    }
    if (res.status === 401 && !retried) {
      // Revoked or expired early: forget it and try once with a fresh token.
      token = null;
      return api<T>(method, path, action, body, requestId, true);
    }
    return readResponse<T>(res, action);
  }

  async function planInterval(planId: string): Promise<{ unit: string; count: number }> {
    const known = planIntervals.get(planId);
    if (known) return known;
    const plan = await api<{
      billing_cycles?: Array<{ tenure_type: string; frequency: { interval_unit: string; interval_count?: number } }>;
    }>('GET', `/v1/billing/plans/${encodeURIComponent(planId)}`, 'plan');
    const cycle = plan.billing_cycles?.find((c) => c.tenure_type === 'REGULAR') ?? plan.billing_cycles?.[0];
    const found = { unit: cycle?.frequency.interval_unit ?? 'MONTH', count: cycle?.frequency.interval_count ?? 1 };
    planIntervals.set(planId, found);
    return found;
  }

  return {
    api,
    planInterval,
    /** A plan this gateway just created: its interval is known without asking PayPal. */
    rememberPlanInterval: (planId: string, every: PlanInterval) => void planIntervals.set(planId, every),
  };
}

/** A client-credentials token from PayPal, with when to stop using it. */
async function fetchToken(base: string, options: PaypalClientOptions): Promise<{ value: string; expiresAt: number }> {
  let res: Response;
  try {
    res = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${bytesToBase64(`${options.clientId}:${options.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
  } catch (error) {
    throw new GatewayError('PayPal is unavailable. Please try again later.', { action: 'token', message: String(error) });
  }
  const body = (await res.json().catch(() => undefined)) as
    | { access_token?: string; expires_in?: number; error?: string; error_description?: string }
    | undefined;
  if (!res.ok || !body?.access_token) {
    throw new GatewayError(
      res.status >= 500 ? 'PayPal is unavailable. Please try again later.' : 'PayPal refused the merchant credentials.',
      {
        action: 'token',
        status: res.status,
        error: body?.error,
        error_description: body?.error_description,
      },
    );
  }
  return { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS) };
}

/** The JSON body of a 2xx answer; otherwise a PaypalApiError carrying PayPal's error body. */
async function readResponse<T>(res: Response, action: string): Promise<T> {
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const message =
      res.status >= 500 ? `PayPal is unavailable (${action}). Please try again later.` : `PayPal refused the request (${action}).`;
    throw new PaypalApiError(message, res.status, parsed !== null && typeof parsed === 'object' ? (parsed as PaypalErrorBody) : undefined);
  }
  return parsed as T;
}

export type PaypalClient = ReturnType<typeof createPaypalClient>;
