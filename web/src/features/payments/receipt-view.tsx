import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { receiptQueries, receiptsApi } from '../../api/receipts';
import { Button } from '../../ui/button';
import { saveBlob } from '../../ui/download';
import { ErrorState } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { ReceiptDocument } from './receipt-document';
import './receipt-print.css';

/** The receipt page: back to My orders, print, download the PDF; the receipt itself prints on its own. */
export function ReceiptView({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const receipt = useQuery(receiptQueries.receipt(orderId, i18n.locale));
  const pdf = useMutation({
    mutationFn: () => receiptsApi.pdf(orderId, i18n.locale),
    onSuccess: (blob) => saveBlob(blob, `receipt-${receipt.data?.orderNumber ?? orderId}.pdf`),
    onError: (e) => toast.error(errorText(e)),
  });

  return (
    <main data-receipt-page className="mx-auto w-full max-w-3xl px-4 pb-20 pt-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to="/personal-center/$tab"
          params={{ tab: 'orders' }}
          className="inline-flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm text-zinc-300 hover:bg-white/5 hover:text-white"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          <Trans>My orders</Trans>
        </Link>
        {receipt.data && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => window.print()}>
              <Printer aria-hidden className="h-4 w-4" />
              <Trans>Print</Trans>
            </Button>
            <Button variant="primary" pending={pdf.isPending} onPress={() => pdf.mutate()} data-testid="receipt-download">
              <Download aria-hidden className="h-4 w-4" />
              <Trans>Download PDF</Trans>
            </Button>
          </div>
        )}
      </div>
      {receipt.error instanceof ApiError && receipt.error.status === 404 ? (
        // Unpaid, someone else's or unknown: the server answers all three alike, and retrying changes nothing.
        <ErrorState message={t`This order has no receipt: it is not paid, or it is not yours.`} />
      ) : receipt.error ? (
        <ErrorState message={t`Failed to load data: ${errorText(receipt.error)}`} onRetry={() => void receipt.refetch()} />
      ) : receipt.data ? (
        <ReceiptDocument receipt={receipt.data} />
      ) : (
        <div role="status" aria-busy="true" aria-label={t`Loading receipt`} className="card space-y-3 p-8">
          <div className="skeleton h-8 w-40 rounded-lg" />
          <div className="skeleton h-40 rounded-lg" />
        </div>
      )}
    </main>
  );
}
