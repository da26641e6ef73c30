import type { Locale } from '../../contract/locales';
import type { ReceiptDocument } from '../../contract/receipt-document';
import { type Receipt, sellerLanguage } from '../../contract/receipts';
import { formatReceiptDate, formatReceiptMoney, formatReceiptNumber, RECEIPT_TEXTS, type ReceiptTexts } from '../../i18n/receipt';

export function paymentMethodText(receipt: Receipt, t: ReceiptTexts): string {
  const method = t.methods[receipt.paymentMethod];
  return receipt.gateway === 'SANDBOX' ? `${method} · ${t.sandbox}` : method;
}

/** The terms the receipt's item is sold under: a pack's credits never expire, a plan's roll over while subscribed. */
export function receiptTerms(receipt: Receipt, t: ReceiptTexts, credits: string): string[] {
  const item = { pack: t.packTerms, monthly: t.monthlyTerms, yearly: t.yearlyTerms }[receipt.billing](credits);
  return [item, t.refundTerms];
}

/**
 * Everything the receipt PDF says, written in one language (decision 061): the engine service lays
 * it out and embeds its fonts, so no word is chosen there and the Worker carries no PDF code.
 */
export function receiptDocument(receipt: Receipt, locale: Locale): { document: ReceiptDocument; fileName: string } {
  const t = RECEIPT_TEXTS[locale];
  const money = (cents: number) => formatReceiptMoney(cents, receipt.total.currency, locale);
  const credits = formatReceiptNumber(receipt.item.credits, locale);
  const sellerLang = sellerLanguage(receipt.seller);
  const status = receipt.refund?.status === 'PENDING' ? t.refundPending : receipt.status === 'REFUNDED' ? t.refunded : t.paid;
  const { refund } = receipt;
  const { periodStart, periodEnd } = receipt.item;
  const document: ReceiptDocument = {
    lang: locale,
    title: `${t.title} ${receipt.orderNumber}`,
    heading: receipt.kind === 'subscription' ? t.subscriptionTitle : t.title,
    subheading: `${t.orderNumber} ${receipt.orderNumber}`,
    seller: {
      heading: t.seller,
      lang: sellerLang,
      name: receipt.seller.name,
      lines: [
        ...receipt.seller.addressLines,
        receipt.seller.email,
        ...(receipt.seller.taxId ? [`${t.taxId} ${receipt.seller.taxId}`] : []),
      ],
      note: sellerLang === locale ? null : t.sellerAsRegistered,
    },
    facts: [
      { label: t.orderId, value: receipt.orderId },
      { label: t.datePaid, value: formatReceiptDate(receipt.paidAt, locale) },
      { label: t.billedTo, value: receipt.buyer.email },
      { label: t.paymentMethod, value: paymentMethodText(receipt, t) },
      ...(receipt.paymentReference ? [{ label: t.paymentReference, value: receipt.paymentReference }] : []),
      { label: t.status, value: status },
    ],
    item: {
      headers: [t.item, t.amount],
      name: receipt.item.name,
      amount: money(receipt.total.amountCents),
      details: [
        receipt.kind === 'subscription' ? t.creditsPerMonth(credits) : t.credits(credits),
        ...(receipt.renewal ? [t.renewal] : []),
        ...(periodStart && periodEnd
          ? [t.period(formatReceiptDate(periodStart, locale, false), formatReceiptDate(periodEnd, locale, false))]
          : []),
      ],
    },
    totals: [
      { label: t.total, value: money(receipt.total.amountCents), tone: 'total' },
      ...(refund
        ? [
            {
              label:
                refund.status === 'PENDING'
                  ? t.refundInProgress
                  : refund.refundedAt
                    ? t.refundedOn(formatReceiptDate(refund.refundedAt, locale))
                    : t.refund,
              value: `-${money(refund.amountCents)}`,
              tone: 'refund' as const,
            },
          ]
        : []),
      ...(refund?.status === 'COMPLETED'
        ? [{ label: t.netPaid, value: money(Math.max(0, receipt.total.amountCents - refund.amountCents)), tone: 'total' as const }]
        : []),
    ],
    notes: [
      ...(receipt.gateway === 'SANDBOX' ? [{ label: null, text: t.sandboxNote, href: null }] : []),
      ...(receipt.hostedInvoiceUrl ? [{ label: t.stripeInvoice, text: receipt.hostedInvoiceUrl, href: receipt.hostedInvoiceUrl }] : []),
    ],
    terms: { heading: t.termsHeading, lines: receiptTerms(receipt, t, credits) },
    footer: t.footer,
  };
  return { document, fileName: t.fileName(receipt.orderNumber) };
}
