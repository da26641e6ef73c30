import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@db/client';
import { ServiceError } from '../../contract/errors';
import { asPaymentMethod } from '../../contract/gateways';
import type { Locale } from '../../contract/locales';
import type { Receipt } from '../../contract/receipts';
import type { AuthUser } from '../../contract/auth-user';
import type { ServiceContext } from '../context';
import { planName } from '../pricing/pricing';
import { isHeldForSupport } from './effects/support-holds';
import { receiptDocument } from './receipt-pdf';

type Ctx = ServiceContext<'db' | 'payments' | 'log' | 'config'>;

/** The seller block, from configuration (SELLER_*; docs/decisions/037-receipts.md). */
export function sellerOf(config: Ctx['config']): Receipt['seller'] {
  return {
    name: config.SELLER_NAME,
    addressLines: config.SELLER_ADDRESS.split(/\s*(?:\||\r?\n)\s*/).filter(Boolean),
    taxId: config.SELLER_TAX_ID ?? null,
    email: config.SELLER_EMAIL,
  };
}

/**
 * The receipt of one of the user's paid orders (a credit pack, a subscription's first payment or a
 * renewal), with any refund. Someone else's order, one never paid, and one whose payment did not
 * match it (held for support: what was charged is not the order's amount) are all "not found".
 */
export async function getReceipt(ctx: Ctx, user: AuthUser, orderId: string, locale: Locale): Promise<Receipt> {
  const o = schema.orders;
  const [row] = await ctx.db
    .select({ order: o, plan: schema.pricingPlans })
    .from(o)
    .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, o.planId))
    .where(and(eq(o.id, orderId), eq(o.userId, user.id)));
  const order = row?.order;
  if (!order || !row || !order.paidAt || (order.status !== 'PAID' && order.status !== 'REFUNDED') || isHeldForSupport(order))
    throw new ServiceError('NOT_FOUND', 'noReceipt');

  const [liveRefund] = await ctx.db
    .select({ status: schema.refunds.status, amountCents: schema.refunds.amountCents })
    .from(schema.refunds)
    .where(and(eq(schema.refunds.orderId, order.id), inArray(schema.refunds.status, ['PENDING', 'APPROVED', 'COMPLETED'])))
    .limit(1);
  let refund: Receipt['refund'] = null;
  if (order.status === 'REFUNDED') {
    // A refund made here has its row; one made in the gateway's dashboard only its reported total.
    const amountCents = liveRefund?.amountCents ?? (order.gatewayRefundedCents || order.amountCents);
    refund = { amountCents, status: 'COMPLETED', refundedAt: order.refundedAt?.toISOString() ?? null };
  } else if (liveRefund && liveRefund.status !== 'COMPLETED') {
    refund = { amountCents: liveRefund.amountCents, status: 'PENDING', refundedAt: null };
  } else if (order.gatewayRefundedCents > 0) {
    // Partly refunded at the gateway (the order stays PAID and support settles the rest).
    refund = { amountCents: order.gatewayRefundedCents, status: 'COMPLETED', refundedAt: null };
  }

  return {
    success: true,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    kind: order.kind,
    billing: order.kind === 'credits' ? 'pack' : row.plan.packageType === 'yearly' ? 'yearly' : 'monthly',
    // Checkout orders carry their checkout session; renewals are created from invoices without one.
    renewal: order.kind === 'subscription' && !order.gatewaySessionId,
    paidAt: order.paidAt.toISOString(),
    item: {
      name: planName(row.plan, locale),
      credits: order.credits,
      periodStart: order.periodStart?.toISOString() ?? null,
      periodEnd: order.periodEnd?.toISOString() ?? null,
    },
    total: { amountCents: order.amountCents, currency: order.currency.toUpperCase() },
    paymentMethod: asPaymentMethod(order.paymentMethod),
    gateway: order.gateway,
    paymentReference: order.gatewayTransactionId,
    refund,
    buyer: { email: user.email },
    seller: sellerOf(ctx.config),
    hostedInvoiceUrl: await hostedInvoiceUrl(ctx, order),
  };
}

/**
 * Stripe's hosted invoice for the order, asked when the receipt is read (subscription periods store
 * their invoice id, one-time payments reach theirs through the session). A gateway failure only
 * leaves the link out: the receipt itself never depends on the gateway being up.
 */
async function hostedInvoiceUrl(ctx: Ctx, order: typeof schema.orders.$inferSelect): Promise<string | null> {
  const gateway = ctx.payments.byName(order.gateway);
  if (!gateway?.hostedInvoiceUrl) return null;
  try {
    const url = await gateway.hostedInvoiceUrl(order);
    return url && /^https:\/\//.test(url) ? url : null;
  } catch (error) {
    ctx.log.warn('payments: hosted invoice lookup failed; the receipt goes without the link', {
      orderId: order.id,
      gateway: order.gateway,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * The receipt as a PDF in the given language, with its download name: the Worker writes the words,
 * the offline engine (in process, or the engine service) draws the page with embedded fonts
 * (decision 061). Without an engine that can, or when it fails, 503: the receipt page still prints.
 */
export async function getReceiptPdf(ctx: Ctx & ServiceContext<'images'>, user: AuthUser, orderId: string, locale: Locale) {
  const receipt = await getReceipt(ctx, user, orderId, locale);
  const { document, fileName } = receiptDocument(receipt, locale);
  const engine = ctx.images.offline;
  if (!engine?.receiptPdf) throw new ServiceError('SERVICE_UNAVAILABLE', 'receiptPdfUnavailable');
  try {
    return { bytes: await engine.receiptPdf(document), fileName };
  } catch (error) {
    ctx.log.error('payments: the receipt PDF could not be drawn', {
      orderId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new ServiceError('SERVICE_UNAVAILABLE', 'receiptPdfUnavailable');
  }
}
