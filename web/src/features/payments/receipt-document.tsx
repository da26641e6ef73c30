import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { type Receipt, sellerLanguage } from '@worker/contract/receipts';
import { usePaymentMethodLabel } from './status-badge';

/** Money in the currency's minor unit, with the ISO code ("USD 19.99"), as on the PDF. */
export function formatReceiptMoney(amountCents: number, currency: string, locale: string) {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' });
  return format.format(amountCents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const dateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const dateOnly = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

function Fact({ label, children, testId }: { label: React.ReactNode; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-zinc-400 print:text-zinc-600">{label}</dt>
      <dd data-testid={testId} className="break-words text-sm">
        {children}
      </dd>
    </div>
  );
}

/** The seller: the operator's registered name and address. */
function ReceiptSeller({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // The seller's details are the operator's registered text: in the other language they stay as
  // registered, marked with their language and said to be so (decision 061).
  const sellerLang = sellerLanguage(receipt.seller);
  const sellerForeign = !locale.startsWith(sellerLang === 'en' ? 'en' : 'zh');
  return (
    <address data-testid="receipt-seller" className="text-sm not-italic text-zinc-300 sm:text-right print:text-zinc-700">
      <p className="text-xs text-zinc-400 print:text-zinc-600">
        <Trans>Seller</Trans>
      </p>
      <div lang={sellerForeign ? sellerLang : undefined}>
        <p className="font-semibold text-white print:text-black">{receipt.seller.name}</p>
        {receipt.seller.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{receipt.seller.email}</p>
      </div>
      {receipt.seller.taxId && (
        <p>
          <Trans>Tax ID</Trans> {receipt.seller.taxId}
        </p>
      )}
      {sellerForeign && (
        <p data-testid="receipt-seller-note" className="mt-1 text-xs text-zinc-400 print:text-zinc-600">
          {sellerLang === 'en' ? (
            <Trans>The seller’s name and address as registered, in English.</Trans>
          ) : (
            <Trans>The seller’s name and address as registered, in Chinese.</Trans>
          )}
        </p>
      )}
    </address>
  );
}

/** The order, its payment and its status. */
function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const method = usePaymentMethodLabel('receipt')(receipt.paymentMethod);
  const refund = receipt.refund;
  return (
    <dl className="grid gap-3 py-6">
      <Fact label={<Trans>Order ID</Trans>} testId="receipt-order-id">
        {receipt.orderId}
      </Fact>
      <Fact label={<Trans>Date paid</Trans>} testId="receipt-date">
        <time dateTime={receipt.paidAt}>{dateTime(receipt.paidAt, locale)}</time>
      </Fact>
      <Fact label={<Trans>Billed to</Trans>}>{receipt.buyer.email}</Fact>
      <Fact label={<Trans>Payment method</Trans>} testId="receipt-method">
        {method}
        {receipt.gateway === 'SANDBOX' && (
          <>
            {' · '}
            <Trans>Sandbox checkout</Trans>
          </>
        )}
      </Fact>
      {receipt.paymentReference && (
        <Fact label={<Trans>Payment reference</Trans>}>
          <span className="font-mono text-xs">{receipt.paymentReference}</span>
        </Fact>
      )}
      <Fact label={<Trans>Status</Trans>} testId="receipt-status">
        {refund?.status === 'PENDING' ? (
          <Trans>Paid · refund in progress</Trans>
        ) : receipt.status === 'REFUNDED' ? (
          t({ id: 'order.status.refunded', message: 'Refunded' })
        ) : (
          <Trans>Paid</Trans>
        )}
      </Fact>
    </dl>
  );
}

/** The total paid and, after a refund, the refund and what remains. */
function ReceiptTotals({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const money = (cents: number) => formatReceiptMoney(cents, receipt.total.currency, locale);
  const refund = receipt.refund;
  return (
    <tfoot className="tabular-nums">
      <tr>
        <th scope="row" className="px-3 pt-4 text-right font-semibold">
          <Trans>Total paid</Trans>
        </th>
        <td data-testid="receipt-total" className="px-3 pt-4 text-right font-semibold">
          {money(receipt.total.amountCents)}
        </td>
      </tr>
      {refund && (
        <tr className="text-rose-300 print:text-rose-700">
          <th scope="row" className="px-3 pt-2 text-right font-normal">
            {refund.status === 'PENDING' ? (
              <Trans>Refund in progress</Trans>
            ) : refund.refundedAt ? (
              <Trans>Refunded on {dateTime(refund.refundedAt, locale)}</Trans>
            ) : (
              <Trans>Refund</Trans>
            )}
          </th>
          <td data-testid="receipt-refund" className="px-3 pt-2 text-right">
            -{money(refund.amountCents)}
          </td>
        </tr>
      )}
      {refund?.status === 'COMPLETED' && (
        <tr>
          <th scope="row" className="px-3 pt-2 text-right font-semibold">
            <Trans>Net paid</Trans>
          </th>
          <td data-testid="receipt-net" className="px-3 pt-2 text-right font-semibold">
            {money(Math.max(0, receipt.total.amountCents - refund.amountCents))}
          </td>
        </tr>
      )}
    </tfoot>
  );
}

/** The item bought, its credits and period, then the totals. */
function ReceiptItems({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const money = (cents: number) => formatReceiptMoney(cents, receipt.total.currency, locale);
  const credits = new Intl.NumberFormat(locale).format(receipt.item.credits);
  const { periodStart, periodEnd } = receipt.item;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="bg-white/5 text-left print:bg-zinc-100">
          <th scope="col" className="rounded-l-lg px-3 py-2 font-semibold">
            <Trans>Item</Trans>
          </th>
          <th scope="col" className="rounded-r-lg px-3 py-2 text-right font-semibold">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-white/10 print:border-zinc-300">
          <td className="px-3 py-3 align-top">
            <p data-testid="receipt-item" className="font-semibold">
              {receipt.item.name}
            </p>
            <p className="text-xs text-zinc-400 print:text-zinc-600">
              {receipt.kind === 'subscription' ? <Trans>{credits} credits per month</Trans> : <Trans>{credits} credits</Trans>}
            </p>
            {receipt.renewal && (
              <p className="text-xs text-zinc-400 print:text-zinc-600">
                <Trans>Subscription renewal</Trans>
              </p>
            )}
            {periodStart && periodEnd && (
              <p className="text-xs text-zinc-400 print:text-zinc-600">
                <Trans>
                  Period <span className="whitespace-nowrap">{dateOnly(periodStart, locale)}</span> –{' '}
                  <span className="whitespace-nowrap">{dateOnly(periodEnd, locale)}</span>
                </Trans>
              </p>
            )}
          </td>
          <td className="px-3 py-3 text-right align-top tabular-nums">{money(receipt.total.amountCents)}</td>
        </tr>
      </tbody>
      <ReceiptTotals receipt={receipt} />
    </table>
  );
}

/** The sandbox note, the Stripe invoice link and the terms of the purchase. */
function ReceiptNotes({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const credits = new Intl.NumberFormat(i18n.locale).format(receipt.item.credits);
  return (
    <div className="mt-8 space-y-2 border-t border-white/10 pt-4 text-xs text-zinc-400 print:border-zinc-300 print:text-zinc-600">
      {receipt.gateway === 'SANDBOX' && (
        <p data-testid="receipt-sandbox-note">
          <Trans>Paid through the local sandbox checkout: no money moved.</Trans>
        </p>
      )}
      {receipt.hostedInvoiceUrl && (
        <p>
          <a
            data-testid="receipt-stripe-invoice"
            href={receipt.hostedInvoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-fuchsia-300 underline print:text-violet-800"
          >
            <Trans>Stripe invoice</Trans>
            <ExternalLink aria-hidden className="h-3 w-3 print:hidden" />
          </a>
          <span className="hidden break-all print:inline"> {receipt.hostedInvoiceUrl}</span>
        </p>
      )}
      <section aria-labelledby="receipt-terms" data-testid="receipt-terms" className="space-y-1 pt-2">
        <h2 id="receipt-terms" className="font-semibold text-zinc-300 print:text-black">
          <Trans>Terms</Trans>
        </h2>
        <p>
          {receipt.billing === 'pack' ? (
            <Trans>The {credits} credits of this pack never expire.</Trans>
          ) : receipt.billing === 'yearly' ? (
            <Trans>
              Billed once a year: {credits} credits are added every month of the 12 months paid for. Unused subscription credits roll over
              while the subscription is active and lapse when it ends.
            </Trans>
          ) : (
            <Trans>
              Billed monthly: {credits} credits are added each month of the subscription. Unused subscription credits roll over while the
              subscription is active and lapse when it ends.
            </Trans>
          )}
        </p>
        <p>
          <Trans>A refund can be requested within 3 days of payment if its credits are unused, at most twice in 30 days.</Trans>
        </p>
      </section>
      <p>
        <Trans>Thank you for your purchase.</Trans>
      </p>
    </div>
  );
}

/** The receipt itself, as printed. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  return (
    <article
      data-testid="receipt"
      aria-labelledby="receipt-title"
      className="card overflow-hidden p-5 sm:p-8 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
    >
      <header className="flex flex-col gap-4 border-b border-white/10 pb-6 sm:flex-row sm:items-start sm:justify-between print:border-zinc-300">
        <div>
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {receipt.kind === 'subscription' ? <Trans>Subscription receipt</Trans> : <Trans>Receipt</Trans>}
          </h1>
          <p className="mt-1 text-sm text-zinc-400 print:text-zinc-600">
            <Trans>Order number</Trans> <span data-testid="receipt-order-number">{receipt.orderNumber}</span>
          </p>
        </div>
        <ReceiptSeller receipt={receipt} />
      </header>

      <ReceiptFacts receipt={receipt} />

      <ReceiptItems receipt={receipt} />

      <ReceiptNotes receipt={receipt} />
    </article>
  );
}
