import type { Locale } from '../contract/locales';
import type { PaymentMethod } from '../contract/gateways';

/**
 * The words on a receipt PDF, per language (DESIGN.md §3 item 12). A typed catalogue like ./mail.ts:
 * the Worker writes them (it carries no Lingui runtime) and the engine service draws the PDF; the receipt page in the SPA says
 * the same things from its own catalogues. `satisfies Record<Locale, …>` makes a missing language a
 * compile error.
 */
export interface ReceiptTexts {
  title: string;
  subscriptionTitle: string;
  orderNumber: string;
  orderId: string;
  datePaid: string;
  billedTo: string;
  paymentMethod: string;
  paymentReference: string;
  status: string;
  paid: string;
  refunded: string;
  refundPending: string;
  item: string;
  amount: string;
  total: string;
  refund: string;
  refundedOn: (date: string) => string;
  refundInProgress: string;
  netPaid: string;
  taxId: string;
  /** How each payment method is named on a receipt (a new gateway fails to compile until it has its words). */
  methods: Record<PaymentMethod, string>;
  sandbox: string;
  sandboxNote: string;
  credits: (n: string) => string;
  creditsPerMonth: (n: string) => string;
  renewal: string;
  period: (start: string, end: string) => string;
  stripeInvoice: string;
  seller: string;
  /** Under the seller's details when they are written in the other language (the operator's registered text). */
  sellerAsRegistered: string;
  termsHeading: string;
  packTerms: (credits: string) => string;
  monthlyTerms: (credits: string) => string;
  yearlyTerms: (credits: string) => string;
  refundTerms: string;
  footer: string;
  fileName: (orderNumber: string) => string;
}

export const RECEIPT_TEXTS = {
  en: {
    title: 'Receipt',
    subscriptionTitle: 'Subscription receipt',
    orderNumber: 'Order number',
    orderId: 'Order ID',
    datePaid: 'Date paid',
    billedTo: 'Billed to',
    paymentMethod: 'Payment method',
    paymentReference: 'Payment reference',
    status: 'Status',
    paid: 'Paid',
    refunded: 'Refunded',
    refundPending: 'Paid · refund in progress',
    item: 'Item',
    amount: 'Amount',
    total: 'Total paid',
    refund: 'Refund',
    refundedOn: (date) => `Refunded on ${date}`,
    refundInProgress: 'Refund in progress',
    netPaid: 'Net paid',
    taxId: 'Tax ID',
    methods: { STRIPE: 'Card (Stripe)', PAYPAL: 'PayPal' },
    sandbox: 'Sandbox checkout',
    sandboxNote: 'Paid through the local sandbox checkout: no money moved.',
    credits: (n) => `${n} credits`,
    creditsPerMonth: (n) => `${n} credits per month`,
    renewal: 'Subscription renewal',
    period: (start, end) => `Period ${start} – ${end}`,
    stripeInvoice: 'Stripe invoice',
    seller: 'Seller',
    // A straight apostrophe: Noto Sans TC draws U+2019 full width, as Chinese punctuation.
    sellerAsRegistered: "The seller's name and address as registered, in Chinese.",
    termsHeading: 'Terms',
    packTerms: (n) => `The ${n} credits of this pack never expire.`,
    monthlyTerms: (n) =>
      `Billed monthly: ${n} credits are added each month of the subscription. Unused subscription credits roll over while the subscription is active and lapse when it ends.`,
    yearlyTerms: (n) =>
      `Billed once a year: ${n} credits are added every month of the 12 months paid for. Unused subscription credits roll over while the subscription is active and lapse when it ends.`,
    refundTerms: 'A refund can be requested within 3 days of payment if its credits are unused, at most twice in 30 days.',
    footer: 'Thank you for your purchase.',
    fileName: (orderNumber) => `receipt-${orderNumber}.pdf`,
  },
  'zh-Hant': {
    title: '收據',
    subscriptionTitle: '訂閱收據',
    orderNumber: '訂單編號',
    orderId: '訂單 ID',
    datePaid: '付款日期',
    billedTo: '付款人',
    paymentMethod: '付款方式',
    paymentReference: '付款參考編號',
    status: '狀態',
    paid: '已付款',
    refunded: '已退款',
    refundPending: '已付款 · 退款處理中',
    item: '項目',
    amount: '金額',
    total: '實付總額',
    refund: '退款',
    refundedOn: (date) => `退款日期：${date}`,
    refundInProgress: '退款處理中',
    netPaid: '淨付款',
    taxId: '統一編號／稅號',
    methods: { STRIPE: '信用卡（Stripe）', PAYPAL: 'PayPal' },
    sandbox: '沙盒結帳',
    sandboxNote: '透過本機沙盒結帳付款：未產生實際金流。',
    credits: (n) => `${n} 點數`,
    creditsPerMonth: (n) => `每月 ${n} 點數`,
    renewal: '訂閱續訂',
    period: (start, end) => `期間 ${start} – ${end}`,
    stripeInvoice: 'Stripe 發票',
    seller: '賣方',
    sellerAsRegistered: '賣方之登記名稱與地址，依登記原文（英文）列示。',
    termsHeading: '條款',
    packTerms: (n) => `本點數包的 ${n} 點數永不過期。`,
    monthlyTerms: (n) => `按月計費：訂閱期間每月加入 ${n} 點數。未使用的訂閱點數在訂閱有效期間會累積到下個月，訂閱結束時失效。`,
    yearlyTerms: (n) => `按年計費：在已付款的 12 個月內每月加入 ${n} 點數。未使用的訂閱點數在訂閱有效期間會累積到下個月，訂閱結束時失效。`,
    refundTerms: '付款後 3 天內、點數尚未使用時可申請退款，30 天內最多 2 次。',
    footer: '感謝您的購買。',
    fileName: (orderNumber) => `receipt-${orderNumber}.pdf`,
  },
} satisfies Record<Locale, ReceiptTexts>;

/** Intl locale of each app language (Traditional Chinese as written in Taiwan). */
const INTL_LOCALE = { en: 'en-US', 'zh-Hant': 'zh-Hant-TW' } satisfies Record<Locale, string>;

/** An amount in minor units as money with the currency's code ("USD 19.99"); the minor unit follows the currency. */
export function formatReceiptMoney(amountCents: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, currencyDisplay: 'code' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountCents / 10 ** digits).replace(/\u00a0/g, ' ');
}

/** A date and time in UTC, spelled out in the receipt's language. */
export function formatReceiptDate(iso: string, locale: Locale, withTime = true): string {
  const date = new Date(iso);
  // Fields rather than dateStyle/timeStyle: with an hour cycle those fall back to a numeric date in Chinese.
  const text = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    timeZone: 'UTC',
  }).format(date);
  return withTime ? `${text} UTC` : text;
}

export const formatReceiptNumber = (n: number, locale: Locale) => new Intl.NumberFormat(INTL_LOCALE[locale]).format(n);
