import * as z from 'zod';
import { equalBytes, fromHex, hmacSha256, toHex } from '@worker/lib/bytes';
import { newId } from '@worker/lib/ids';
import { WebhookVerificationError, type GatewayEvent, type PaymentEffect } from '../port';
import { addInterval } from '@worker/lib/billing-periods';
import type { SandboxCheckoutOrder, SandboxGateway, SandboxSubscription, SignedDelivery } from '../sandbox-port';

/**
 * The embedded payment gateway (DESIGN.md §1): no network, no real money. Checkout is a local page
 * (`/api/sandbox/checkout/<session>`); its Pay / Cancel buttons produce webhook events signed the
 * way Stripe signs its own (`t=<unix>,v1=<hex HMAC-SHA256(secret, "t.body")>`, 5-minute tolerance),
 * which go through the same verification and handler as a real gateway's. Worker-safe: WebCrypto only.
 */
export interface SandboxGatewayOptions {
  /** PAYMENTS_SANDBOX_SECRET. */
  secret: string;
  publicUrl: string;
  /** Wall clock for signature timestamps (tests move it to produce stale signatures). */
  now?: () => Date;
  toleranceSeconds?: number;
}

export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
const DEFAULT_TOLERANCE_SECONDS = 300;

const isoDate = z.iso.datetime().transform((s) => new Date(s));
const id = z.string().min(1).max(200);
/** Money taken or given back is a positive whole number of minor units: 0 and -499 are no payment. */
const amountCents = z.int().positive().max(100_000_000);
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO currency code such as USD');
const effectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('checkout.paid'),
    orderId: id,
    gatewayTransactionId: id,
    gatewaySubscriptionId: id.optional(),
    amountCents,
    currency,
  }),
  z.object({
    kind: z.literal('checkout.failed'),
    orderId: id,
    status: z.enum(['FAILED', 'CANCELLED', 'EXPIRED']),
    reason: z.string().max(500),
  }),
  z.object({
    kind: z.literal('invoice.paid'),
    gatewaySubscriptionId: id,
    gatewayInvoiceId: id,
    orderId: id.optional(),
    first: z.boolean().optional(),
    gatewayTransactionId: id,
    amountCents,
    currency,
    periodStart: isoDate,
    periodEnd: isoDate,
  }),
  z.object({
    kind: z.literal('subscription.changed'),
    gatewaySubscriptionId: id,
    orderId: id.optional(),
    status: z.enum(['active', 'cancelled', 'suspended', 'expired']),
    periodStart: isoDate.optional(),
    periodEnd: isoDate.optional(),
    cancelAtPeriodEnd: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('payment.refunded'),
    gatewayTransactionId: id,
    orderId: id.optional(),
    gatewayRefundId: id,
    amountCents,
    fullyRefunded: z.boolean(),
  }),
]);
const eventSchema = z.object({ id, type: z.string().min(1).max(100), occurredAt: isoDate, effects: z.array(effectSchema).max(20) });

/** Parses `t=…,v1=…[,v1=…]`; several v1 entries are allowed so the secret can rotate. */
function parseSignatureHeader(header: string | null) {
  if (!header) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s?.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const wallClock = options.now ?? (() => new Date());
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const base = options.publicUrl.replace(/\/+$/, '');

  async function signBody(rawBody: string): Promise<SignedDelivery> {
    const timestamp = Math.floor(wallClock().getTime() / 1000);
    const mac = await hmacSha256(options.secret, `${timestamp}.${rawBody}`);
    return {
      rawBody,
      headers: new Headers({ 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${toHex(mac)}` }),
    };
  }

  const sign = (event: GatewayEvent) => signBody(JSON.stringify(event));

  return {
    name: 'SANDBOX',

    async createCheckout(request) {
      const sessionId = newId('sbx');
      // The origin the buyer is on, so the page and its redirect back keep them signed in.
      return { sessionId, checkoutUrl: `${(request.publicOrigin || base).replace(/\/+$/, '')}/api/sandbox/checkout/${sessionId}` };
    },

    parseWebhook: (rawBody, headers) => verifyWebhook({ secret: options.secret, wallClock, tolerance }, rawBody, headers),

    // The sandbox reports everything by (synchronous) webhook, so there is never anything to catch up on.
    reconcile: async () => [],

    // Sandbox money "moves" at once.
    refund: async () => ({ gatewayRefundId: newId('sbx_re'), status: 'COMPLETED' }),

    cancelSubscription: async () => {},

    sign,

    checkoutEvents: (order: SandboxCheckoutOrder, action: 'pay' | 'cancel', now: Date) =>
      Promise.all(checkoutEvents(order, action, now).map(sign)),

    subscriptionEvents: (subscription: SandboxSubscription, action: 'renew' | 'lapse', now: Date) =>
      Promise.all(subscriptionEvents(subscription, action, now).map(sign)),
  };
}

/** Checks a delivery's signature (in its time window) and the event's shape; throws {@link WebhookVerificationError}. */
async function verifyWebhook(
  options: { secret: string; wallClock: () => Date; tolerance: number },
  rawBody: string,
  headers: Headers,
): Promise<GatewayEvent> {
  const parsed = parseSignatureHeader(headers.get(SANDBOX_SIGNATURE_HEADER));
  if (!parsed) throw new WebhookVerificationError('Missing or malformed Sandbox-Signature header');
  const age = Math.floor(options.wallClock().getTime() / 1000) - parsed.timestamp;
  // Both directions: a far-future timestamp is as suspicious as a replayed old one.
  if (Math.abs(age) > options.tolerance) throw new WebhookVerificationError('The signature timestamp is outside the tolerance');
  const expected = await hmacSha256(options.secret, `${parsed.timestamp}.${rawBody}`);
  let valid = false;
  for (const signature of parsed.signatures) {
    const bytes = fromHex(signature);
    // Compared in constant time, so the signature cannot be guessed byte by byte.
    if (bytes && equalBytes(expected, bytes)) valid = true;
  }
  if (!valid) throw new WebhookVerificationError('The signature does not match');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
  const event = eventSchema.safeParse(json);
  if (!event.success) throw new WebhookVerificationError(`Unexpected event shape: ${event.error.issues[0]?.message ?? 'invalid'}`);
  return event.data as GatewayEvent;
}

/** What the sandbox checkout page's Pay or Cancel reports, as a gateway would. */
function checkoutEvents(order: SandboxCheckoutOrder, action: 'pay' | 'cancel', now: Date): GatewayEvent[] {
  // Ids derive from the session, so a re-sent Pay is recognised as the same events.
  const suffix = order.sessionId.replace(/^sbx_/, '');
  if (action === 'cancel') {
    return [
      {
        id: `sbx_evt_${suffix}_cancelled`,
        type: 'checkout.session.cancelled',
        occurredAt: now,
        effects: [
          { kind: 'checkout.failed', orderId: order.orderId, status: 'CANCELLED', reason: 'Cancelled on the sandbox checkout page' },
        ],
      },
    ];
  }
  const transactionId = `sbx_txn_${suffix}`;
  const subscriptionId = order.kind === 'subscription' ? `sbx_sub_${suffix}` : undefined;
  const paid: PaymentEffect = {
    kind: 'checkout.paid',
    orderId: order.orderId,
    gatewayTransactionId: transactionId,
    amountCents: order.amountCents,
    currency: order.currency ?? 'USD',
  };
  if (subscriptionId) paid.gatewaySubscriptionId = subscriptionId;
  const events: GatewayEvent[] = [{ id: `sbx_evt_${suffix}_paid`, type: 'checkout.session.completed', occurredAt: now, effects: [paid] }];
  if (subscriptionId) {
    events.push({
      id: `sbx_evt_${suffix}_invoice`,
      type: 'invoice.paid',
      occurredAt: now,
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: subscriptionId,
          gatewayInvoiceId: `sbx_in_${suffix}`,
          orderId: order.orderId,
          first: true,
          gatewayTransactionId: transactionId,
          amountCents: order.amountCents,
          currency: order.currency ?? 'USD',
          periodStart: now,
          periodEnd: addInterval(now, order.interval ?? 'month'),
        },
      ],
    });
  }
  return events;
}

/** What a real gateway sends at a subscription's renewal (the next period's paid invoice) or unpaid end. */
function subscriptionEvents(subscription: SandboxSubscription, action: 'renew' | 'lapse', now: Date): GatewayEvent[] {
  const suffix = subscription.gatewaySubscriptionId.replace(/^sbx_sub_/, '');
  if (action === 'lapse') {
    return [
      {
        id: `sbx_evt_${suffix}_expired`,
        type: 'customer.subscription.deleted',
        occurredAt: now,
        effects: [
          {
            kind: 'subscription.changed',
            gatewaySubscriptionId: subscription.gatewaySubscriptionId,
            orderId: subscription.orderId,
            status: 'expired',
          },
        ],
      },
    ];
  }
  const periodStart = subscription.currentPeriodEnd;
  const period = Math.floor(periodStart.getTime() / 1000);
  return [
    {
      id: `sbx_evt_${suffix}_renew_${period}`,
      type: 'invoice.paid',
      occurredAt: now,
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: subscription.gatewaySubscriptionId,
          gatewayInvoiceId: `sbx_in_${suffix}_${period}`,
          orderId: subscription.orderId,
          first: false,
          gatewayTransactionId: `sbx_txn_${suffix}_${period}`,
          amountCents: subscription.amountCents,
          currency: subscription.currency ?? 'USD',
          periodStart,
          periodEnd: addInterval(periodStart, subscription.interval),
        },
      ],
    },
  ];
}
