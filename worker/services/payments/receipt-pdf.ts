import type { Locale } from '../../contract/locales';
import type { Receipt } from '../../contract/receipts';
import { formatReceiptDate, formatReceiptMoney, formatReceiptNumber, RECEIPT_TEXTS, type ReceiptTexts } from '../../i18n/receipt';
import { A4, type PdfItem, textWidth, writePdf } from '../../lib/pdf/writer';

const LEFT = 56;
const RIGHT = A4.width - 56;
const VALUE_X = 200;
const INK = [0.09, 0.09, 0.11] as const;
const MUTED = [0.38, 0.38, 0.42] as const;
const ACCENT = [0.45, 0.27, 0.85] as const;
const SHADE = [0.95, 0.95, 0.97] as const;
const RULE = [0.82, 0.82, 0.86] as const;
const REFUND = [0.7, 0.15, 0.15] as const;

/** Breaks text into lines no wider than `width` (at spaces, or anywhere for text without them, e.g. Chinese or URLs). */
function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of text.split(/(?<=\s)/)) {
    if (textWidth(line + token, size) <= width) {
      line += token;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    for (const ch of token) {
      if (textWidth(line + ch, size) > width && line) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [''];
}

export function paymentMethodText(receipt: Receipt, t: ReceiptTexts): string {
  const method = receipt.paymentMethod === 'PAYPAL' ? t.paypal : t.card;
  return receipt.gateway === 'SANDBOX' ? `${method} · ${t.sandbox}` : method;
}

/** A receipt page being laid out: the receipt, its texts in one language, and what is drawn so far. */
interface Sheet {
  receipt: Receipt;
  locale: Locale;
  t: ReceiptTexts;
  items: PdfItem[];
  money: (cents: number) => string;
  text: (value: string, x: number, y: number, size: number, more?: Partial<Extract<PdfItem, { kind: 'text' }>>) => void;
}

/** Lays out one receipt on an A4 page: header with the seller, order facts, the item table, totals, refund. */
export function receiptPdf(receipt: Receipt, locale: Locale): { bytes: Uint8Array; fileName: string } {
  const t = RECEIPT_TEXTS[locale];
  const items: PdfItem[] = [];
  const sheet: Sheet = {
    receipt,
    locale,
    t,
    items,
    money: (cents) => formatReceiptMoney(cents, receipt.total.currency, locale),
    text: (value, x, y, size, more = {}) => items.push({ kind: 'text', text: value, x, y, size, color: INK, ...more }),
  };
  // Each section starts below the previous one's last line.
  const sellerY = drawHeader(sheet);
  let y = drawFacts(sheet, Math.max(140, sellerY + 30));
  y = drawItemTable(sheet, y);
  y = drawTotals(sheet, y);
  drawNotes(sheet, y);

  const bytes = writePdf({ title: `${t.title} ${receipt.orderNumber}`, lang: locale, items });
  return { bytes, fileName: t.fileName(receipt.orderNumber) };
}

/** The title on the left, the seller on the right; returns the seller block's last line. */
function drawHeader({ receipt, t, items, text }: Sheet): number {
  items.push({ kind: 'box', x: 0, y: 0, width: A4.width, height: 6, color: ACCENT });
  text(receipt.kind === 'subscription' ? t.subscriptionTitle : t.title, LEFT, 78, 24, { bold: true });
  text(`${t.orderNumber} ${receipt.orderNumber}`, LEFT, 98, 10, { color: MUTED });
  let sellerY = 66;
  text(receipt.seller.name, RIGHT, sellerY, 11, { bold: true, align: 'right' });
  const sellerLines = [
    ...receipt.seller.addressLines,
    receipt.seller.email,
    ...(receipt.seller.taxId ? [`${t.taxId} ${receipt.seller.taxId}`] : []),
  ];
  for (const line of sellerLines.flatMap((l) => wrap(l, 240, 9))) {
    sellerY += 13;
    text(line, RIGHT, sellerY, 9, { color: MUTED, align: 'right' });
  }
  return sellerY;
}

/** Order facts, two columns. */
function drawFacts({ receipt, locale, t, items, text }: Sheet, top: number): number {
  let y = top;
  items.push({ kind: 'rule', x1: LEFT, y1: y - 16, x2: RIGHT, y2: y - 16, color: RULE });
  const status = receipt.refund?.status === 'PENDING' ? t.refundPending : receipt.status === 'REFUNDED' ? t.refunded : t.paid;
  const facts: [string, string][] = [
    [t.orderId, receipt.orderId],
    [t.datePaid, formatReceiptDate(receipt.paidAt, locale)],
    [t.billedTo, receipt.buyer.email],
    [t.paymentMethod, paymentMethodText(receipt, t)],
    ...(receipt.paymentReference ? [[t.paymentReference, receipt.paymentReference] as [string, string]] : []),
    [t.status, status],
  ];
  for (const [label, value] of facts) {
    text(label, LEFT, y, 10, { color: MUTED });
    for (const [i, line] of wrap(value, RIGHT - VALUE_X, 10).entries()) text(line, VALUE_X, y + i * 13, 10);
    y += 13 * wrap(value, RIGHT - VALUE_X, 10).length + 6;
  }
  return y;
}

/** The item table: one row, what was bought and its price, with its credits and period below. */
function drawItemTable({ receipt, locale, t, items, money, text }: Sheet, top: number): number {
  let y = top + 14;
  items.push({ kind: 'box', x: LEFT, y, width: RIGHT - LEFT, height: 22, color: SHADE });
  text(t.item, LEFT + 10, y + 15, 10, { bold: true });
  text(t.amount, RIGHT - 10, y + 15, 10, { bold: true, align: 'right' });
  y += 40;
  const credits = formatReceiptNumber(receipt.item.credits, locale);
  text(receipt.item.name, LEFT + 10, y, 11, { bold: true });
  text(money(receipt.total.amountCents), RIGHT - 10, y, 11, { align: 'right' });
  const details = [
    receipt.kind === 'subscription' ? t.creditsPerMonth(credits) : t.credits(credits),
    ...(receipt.renewal ? [t.renewal] : []),
    ...(receipt.item.periodStart && receipt.item.periodEnd
      ? [t.period(formatReceiptDate(receipt.item.periodStart, locale, false), formatReceiptDate(receipt.item.periodEnd, locale, false))]
      : []),
  ];
  for (const line of details) {
    y += 14;
    text(line, LEFT + 10, y, 9, { color: MUTED });
  }
  y += 16;
  items.push({ kind: 'rule', x1: LEFT, y1: y, x2: RIGHT, y2: y, color: RULE });
  return y;
}

/** Totals and the refund. */
function drawTotals({ receipt, locale, t, money, text }: Sheet, top: number): number {
  let y = top + 22;
  text(t.total, RIGHT - 150, y, 11, { bold: true, align: 'right' });
  text(money(receipt.total.amountCents), RIGHT - 10, y, 11, { bold: true, align: 'right' });
  if (receipt.refund) {
    y += 20;
    const label =
      receipt.refund.status === 'PENDING'
        ? t.refundInProgress
        : receipt.refund.refundedAt
          ? t.refundedOn(formatReceiptDate(receipt.refund.refundedAt, locale))
          : t.refund;
    text(label, RIGHT - 150, y, 10, { color: REFUND, align: 'right' });
    text(`-${money(receipt.refund.amountCents)}`, RIGHT - 10, y, 10, { color: REFUND, align: 'right' });
    if (receipt.refund.status === 'COMPLETED') {
      y += 20;
      text(t.netPaid, RIGHT - 150, y, 11, { bold: true, align: 'right' });
      text(money(Math.max(0, receipt.total.amountCents - receipt.refund.amountCents)), RIGHT - 10, y, 11, {
        bold: true,
        align: 'right',
      });
    }
  }
  return y;
}

/** Notes (sandbox, the Stripe invoice), and the footer at the page's bottom. */
function drawNotes({ receipt, t, items, text }: Sheet, top: number) {
  let y = top + 40;
  if (receipt.gateway === 'SANDBOX') {
    text(t.sandboxNote, LEFT, y, 9, { color: MUTED });
    y += 16;
  }
  if (receipt.hostedInvoiceUrl) {
    text(t.stripeInvoice, LEFT, y, 9, { color: MUTED });
    for (const line of wrap(receipt.hostedInvoiceUrl, RIGHT - VALUE_X, 9)) {
      text(line, VALUE_X, y, 9, { color: ACCENT });
      y += 12;
    }
  }
  for (const [i, line] of wrap(t.footer, RIGHT - LEFT, 9).entries()) text(line, LEFT, A4.height - 60 + i * 12, 9, { color: MUTED });
  items.push({ kind: 'rule', x1: LEFT, y1: A4.height - 76, x2: RIGHT, y2: A4.height - 76, color: RULE });
}
