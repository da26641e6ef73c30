/**
 * A receipt for a paid order (docs/decisions/037-receipts.md): what the receipt page and the PDF show.
 * Every paid order has one — credit packs, a subscription's first payment and each renewal; an order
 * that was never paid, or whose payment is held for support, has none (404).
 */
import * as z from 'zod';
import { PAYMENT_GATEWAYS, PAYMENT_METHODS } from './gateways';
import type { Locale } from './locales';

const int = z.number().int();
const instant = z.iso.datetime();

export const receiptParam = z.object({ id: z.string().trim().min(1).max(64) });
export const receiptQuery = z.object({
  lang: z.string().max(35).optional().describe('Language of the plan name and, for the PDF, of the whole receipt (else Accept-Language)'),
});

const money = z.object({
  amountCents: int.nonnegative().describe('In the currency’s minor unit, exactly as charged'),
  currency: z.string().describe('ISO 4217 code, upper case'),
});

export const receiptResponse = z
  .object({
    success: z.literal(true),
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(['PAID', 'REFUNDED']),
    kind: z.enum(['credits', 'subscription']),
    /** Whose terms the receipt states: a credit pack's credits never expire, a plan's roll over while subscribed. */
    billing: z.enum(['pack', 'monthly', 'yearly']),
    /** A subscription period after the first (a renewal order). */
    renewal: z.boolean(),
    paidAt: instant,
    item: z.object({
      name: z.string().describe('Plan or pack name in the requested language'),
      credits: int.describe('Credits the order grants (per month for subscriptions)'),
      periodStart: instant.nullable(),
      periodEnd: instant.nullable(),
    }),
    total: money,
    paymentMethod: z.enum(PAYMENT_METHODS),
    gateway: z.enum(PAYMENT_GATEWAYS).describe('SANDBOX: the local sandbox checkout, no money moved'),
    paymentReference: z.string().nullable().describe('The payment’s id at the gateway'),
    refund: z
      .object({
        amountCents: int.nonnegative(),
        status: z.enum(['PENDING', 'COMPLETED']),
        refundedAt: instant.nullable(),
      })
      .nullable()
      .describe('Money returned (or on its way back) for this order'),
    buyer: z.object({ email: z.string() }),
    seller: z.object({
      name: z.string(),
      addressLines: z.array(z.string()),
      taxId: z.string().nullable(),
      email: z.string(),
    }),
    hostedInvoiceUrl: z.string().nullable().describe('Stripe’s hosted invoice page for this payment, when Stripe has one'),
  })
  .meta({ id: 'Receipt' });

export type Receipt = z.infer<typeof receiptResponse>;

/**
 * The language the seller's details are written in: they are the operator's legal text
 * (SELLER_NAME, SELLER_ADDRESS), shown as registered rather than translated, so a receipt in the
 * other language says so and marks the block with its own language for screen readers.
 */
export function sellerLanguage(seller: Receipt['seller']): Locale {
  return /[\u3400-\u9fff\uf900-\ufaff]/.test([seller.name, ...seller.addressLines].join(' ')) ? 'zh-Hant' : 'en';
}
